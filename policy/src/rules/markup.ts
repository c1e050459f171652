/**
 * Markup as a browser reads it, to the depth the login page rules need: the start tags of a login
 * page template or a screen partial with their attributes, and the text of the elements whose
 * content is not markup (`<script>`, `<style>`). HTML is read by parse5, the spec's parser; only
 * Liquid is read here. The tenant runs Liquid over the text before the browser sees it, so Liquid
 * comes out first: a `{% … %}` tag separates like whitespace (`<div {% if a %}onclick=…{% endif %}>`
 * still shows its `onclick`), a `{{ … }}` output stays as a {@link LIQUID_OUTPUT} mark (a URL
 * holding one is built from a template), `{% comment %}` blocks go and `{% raw %}` blocks stay as text.
 */
import { Parser, TokenizerMode, type DefaultTreeAdapterMap, type Token } from "parse5";

/** What a Liquid output (`{{ … }}`) leaves in the markup: the value is known only when the page renders. */
export const LIQUID_OUTPUT = "\uE001";
/**
 * What a Liquid tag (`{% … %}`) leaves in the markup: a form feed, which HTML reads as whitespace
 * between attributes and which stays as written inside a quoted value (where a rule reads it as
 * text known only at render). A form feed written in the markup reads the same way.
 */
export const LIQUID_TAG = "\f";

/** One attribute as the browser keeps it (name in lower case, value with character references decoded; `""` when bare). */
export interface Attribute {
  name: string;
  value: string;
}

/** One start tag: its name in lower case, its attributes in order, and its text for the elements whose content is text. */
export interface Element {
  tag: string;
  attributes: Attribute[];
  /** The content of `<script>`, `<style>` and the other elements whose content is text, up to their end tag. */
  text?: string;
}

/** Liquid tags and outputs, with the content of `{% comment %}` and `{% raw %}` blocks. */
const LIQUID =
  /\{%-?\s*comment\s*-?%\}[\s\S]*?\{%-?\s*endcomment\s*-?%\}|\{%-?\s*raw\s*-?%\}([\s\S]*?)\{%-?\s*endraw\s*-?%\}|\{%[\s\S]*?%\}|\{\{[\s\S]*?\}\}/g;

/** `text` with Liquid replaced by its marks (comments dropped, raw blocks as their text). */
export function withoutLiquid(text: string): string {
  return text.replace(LIQUID, (whole: string, raw: string | undefined) => {
    if (raw !== undefined) return raw;
    if (/^\{%-?\s*comment/.test(whole)) return "";
    return whole.startsWith("{{") ? LIQUID_OUTPUT : LIQUID_TAG;
  });
}

/** The tokenizer states in which an element's content is text (`<script>`, `<style>`, `<textarea>`, …). */
const TEXT_STATES: ReadonlySet<number> = new Set([
  TokenizerMode.RCDATA,
  TokenizerMode.RAWTEXT,
  TokenizerMode.SCRIPT_DATA,
  TokenizerMode.PLAINTEXT,
]);

/**
 * parse5's parser, noting every start tag as its tokenizer emits it. The tree builder drives the
 * tokenizer (where a `<style>` is text and where, inside `<svg>`, it is markup), but a tag it then
 * drops from the tree still counts: a `<body onload>` in a partial lands on the page's `<body>`,
 * and browsers keep elements inside a `<select>` that parse5 drops. Tags inside a `<template>`
 * are noted like any other. (parse5 exports `Parser` but marks it internal; what is overridden here
 * is its side of the public `TokenHandler` interface, through which the tokenizer hands it tokens.)
 */
class StartTags extends Parser<DefaultTreeAdapterMap> {
  readonly elements: Element[] = [];
  /** The element whose text the tokenizer is reading, if any. */
  private reading: Element | undefined;

  override onStartTag(token: Token.TagToken): void {
    this.reading = undefined;
    // Copied before the tree builder adjusts a foreign element's attributes (`xlink:href`).
    const element: Element = {
      tag: token.tagName,
      attributes: token.attrs.map(({ name, value }) => ({ name, value })),
    };
    this.elements.push(element);
    super.onStartTag(token);
    if (TEXT_STATES.has(this.tokenizer.state)) {
      element.text = "";
      this.reading = element;
    }
  }

  override onCharacter(token: Token.CharacterToken): void {
    this.read(token);
    super.onCharacter(token);
  }

  override onWhitespaceCharacter(token: Token.CharacterToken): void {
    this.read(token);
    super.onWhitespaceCharacter(token);
  }

  override onNullCharacter(token: Token.CharacterToken): void {
    this.read(token);
    super.onNullCharacter(token);
  }

  override onEndTag(token: Token.TagToken): void {
    this.reading = undefined;
    super.onEndTag(token);
  }

  override onComment(token: Token.CommentToken): void {
    this.reading = undefined;
    super.onComment(token);
  }

  override onEof(token: Token.EOFToken): void {
    this.reading = undefined;
    super.onEof(token);
  }

  private read(token: Token.CharacterToken): void {
    if (this.reading) this.reading.text += token.chars;
  }
}

/** How markup is read: a partial as a `fragment` (inserted into a page), a template or a `srcdoc` as a whole `document`. */
export type MarkupKind = "fragment" | "document";

/** The start tags of `html` (Liquid already out), in order. */
function startTagsOf(html: string, as: MarkupKind): Element[] {
  const parser = as === "document" ? new StartTags() : (StartTags.getFragmentParser() as StartTags);
  parser.tokenizer.write(html, true);
  return parser.elements;
}

/** How deep an iframe's `srcdoc` is read for the elements it holds. */
const SRCDOC_DEPTH = 3;

/** `elements` with those of each iframe's `srcdoc` after it (a document of its own, written inline). */
function withSrcdocs(elements: Element[], depth: number): Element[] {
  return elements.flatMap((element) => {
    const srcdoc = element.tag === "iframe" ? attributeOf(element, "srcdoc") : undefined;
    return srcdoc === undefined || depth >= SRCDOC_DEPTH
      ? [element]
      : [element, ...withSrcdocs(startTagsOf(srcdoc, "document"), depth + 1)];
  });
}

/**
 * The start tags of `text` (a template or a partial, Liquid included), in order, with those of
 * each iframe's `srcdoc`. Comments, doctypes and end tags are not elements; the elements a
 * parser adds on its own (the `<html>`, `<head>` and `<body>` of a document written without
 * them) are not listed.
 */
export function elementsOf(text: string, as: MarkupKind = "fragment"): Element[] {
  return withSrcdocs(startTagsOf(withoutLiquid(text), as), 0);
}

/** The value of an element's `name` attribute (the first one written, which the browser keeps), or undefined. */
export const attributeOf = (element: Element, name: string): string | undefined =>
  element.attributes.find((attribute) => attribute.name === name)?.value;
