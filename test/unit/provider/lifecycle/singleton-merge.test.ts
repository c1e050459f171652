/**
 * What a singleton written by a merging PATCH (the branding settings) sends: the `null`s that
 * remove what the program stopped setting, field by field in nested objects of the schema, and
 * whether taking the tenant's one over would overwrite anything.
 */
import { brandingSchema } from "../../../../api/kinds/branding/contract";
import { overwrites, removalsOf, withRemovals } from "../../../../provider/lifecycle/singleton-check";
import { mergedPatch } from "../../../../server/routes/singleton";

const PROPERTIES = brandingSchema.properties as Parameters<typeof removalsOf>[2];
const GRADIENT = { type: "linear-gradient", start: "#ffffff", end: "#000000", angle_deg: 35 };

test("a field dropped is null; in a nested object, each field dropped; a gradient goes whole", () => {
  const previous = { colors: { primary: "#111", page_background: GRADIENT }, logo_url: "https://a.io/l.png" };
  expect(removalsOf(previous, { colors: { primary: "#222" } }, PROPERTIES)).toEqual({
    colors: { page_background: null },
    logo_url: null,
  });
  // Everything dropped (a delete): each field the resource set, one by one, so others' stay.
  expect(removalsOf(previous, {}, PROPERTIES)).toEqual({
    colors: { primary: null, page_background: null },
    logo_url: null,
  });
  expect(removalsOf(previous, previous, PROPERTIES)).toEqual({});
});

test("the update's body: the program's fields, plus the removals beside them", () => {
  const body = { colors: { primary: "#222" } };
  expect(withRemovals(body, { colors: { page_background: null }, logo_url: null })).toEqual({
    colors: { primary: "#222", page_background: null },
    logo_url: null,
  });
});

test("taking over overwrites only a value both set, and differently", () => {
  const tenant = { colors: { primary: "#111" }, favicon_url: "https://a.io/f.ico" };
  expect(overwrites({ colors: { primary: "#111", page_background: "#000" } }, tenant)).toBe(false);
  expect(overwrites({ logo_url: "https://a.io/l.png" }, tenant)).toBe(false);
  expect(overwrites({ colors: { primary: "#222" } }, tenant)).toBe(true);
});

test("the tenant's merge: null removes, nested objects merge, an emptied one goes, a colour replaces a gradient", () => {
  const stored = { colors: { primary: "#111", page_background: GRADIENT }, font: { url: "https://a.io/f.woff" } };
  expect(mergedPatch(stored, { colors: { page_background: "#000" }, font: { url: null } })).toEqual({
    colors: { primary: "#111", page_background: "#000" },
  });
  expect(mergedPatch({ colors: { page_background: "#000" } }, { colors: { page_background: GRADIENT } })).toEqual({
    colors: { page_background: GRADIENT },
  });
  expect(mergedPatch(stored, { colors: null, font: null })).toEqual({});
});
