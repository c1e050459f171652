/**
 * The tenant's rich text (RICH_TEXT, HTML and LEGAL components) through an allow-list, and the
 * form's style sheet made unable to leave its `<style>` element. The list keeps what the
 * service's form editor writes (text formatting, headings, lists, links, images, tables) and
 * drops scripts, frames, forms, event handlers, `style` attributes and any address that is not
 * http(s) or mailto (so no `javascript:`).
 */
import sanitizeHtml from "sanitize-html";

/** The elements rich text may use. */
export const RICH_TEXT_TAGS = [
  ...["p", "br", "hr", "div", "span", "blockquote", "pre", "code"],
  ...["b", "strong", "i", "em", "u", "s", "del", "sub", "sup", "small", "mark"],
  ...["h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "a", "img"],
  ...["table", "thead", "tbody", "tr", "th", "td"],
] as const;

/** The options of sanitize-html: the allow-list above, links opened safely. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {
    "*": ["class", "title", "dir", "lang"],
    a: ["href", "target", "rel"],
    img: ["src", "alt", "width", "height"],
    th: ["colspan", "rowspan"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, target: "_blank", rel: "noopener noreferrer" } : attribs,
    }),
  },
};

/** `html` with only the allowed elements, attributes and addresses. */
export function sanitiseRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/**
 * `css` safe inside `<style>`: every `<` becomes the CSS escape `\3c ` (the same character to CSS
 * inside strings, and never the start of `</style>` or `<!--` to the HTML parser).
 */
export function styleSheetText(css: string): string {
  return css.replace(/</g, "\\3c ");
}
