/**
 * What a FILE component accepts: its `categories` (by the file's type, or its extension where a
 * category has no type of its own) and `extensions`, the input's `accept` attribute drawn from
 * them, and the size a file may have when the component sets no `maxSize`.
 */
import type { SubmittedFile } from "./types";

/** The largest file a FILE component without `maxSize` accepts, in bytes (10 MiB). */
export const DEFAULT_MAX_FILE_SIZE = 10 * 1024 * 1024;

/** A category of files: the media type family it covers (`image/…`), and the extensions it covers. */
interface FileCategory {
  mediaType?: string;
  extensions: readonly string[];
}

/** The categories the contract names, as browsers and servers tell them apart. */
export const FILE_CATEGORIES: Readonly<Record<string, FileCategory>> = {
  AUDIO: { mediaType: "audio", extensions: ["mp3", "wav", "ogg", "oga", "m4a", "aac", "flac", "weba"] },
  VIDEO: { mediaType: "video", extensions: ["mp4", "m4v", "mov", "webm", "ogv", "avi", "mkv"] },
  IMAGE: { mediaType: "image", extensions: ["png", "jpg", "jpeg", "gif", "webp", "svg", "bmp", "avif", "heic"] },
  DOCUMENT: {
    extensions: ["pdf", "doc", "docx", "odt", "rtf", "txt", "xls", "xlsx", "ods", "csv", "ppt", "pptx", "odp"],
  },
  ARCHIVE: { extensions: ["zip", "tar", "gz", "tgz", "7z", "rar"] },
};

/** An extension as the contract allows it (`pdf`, `.tar.gz`), lower case without its dot. */
const bare = (extension: unknown) => String(extension).replace(/^\./, "").toLowerCase();

/** The component's extensions and categories (unknown categories left out). */
function accepted(config: Readonly<Record<string, unknown>>) {
  const extensions = Array.isArray(config.extensions) ? config.extensions.map(bare) : [];
  const categories = (Array.isArray(config.categories) ? config.categories : [])
    .map((category) => FILE_CATEGORIES[String(category)])
    .filter((category): category is FileCategory => category !== undefined);
  return { extensions, categories };
}

/** The input's `accept` attribute: the extensions, then each category's type family or extensions. */
export function acceptAttribute(config: Readonly<Record<string, unknown>>): string | undefined {
  const { extensions, categories } = accepted(config);
  const patterns = [
    ...extensions.map((extension) => `.${extension}`),
    ...categories.map((category) =>
      category.mediaType
        ? `${category.mediaType}/*`
        : category.extensions.map((extension) => `.${extension}`).join(","),
    ),
  ];
  return patterns.length > 0 ? patterns.join(",") : undefined;
}

/**
 * Whether the component takes `file`: any file when it names no extension and no category,
 * else one whose name ends with an extension it names, or that is of a category it names (by
 * the type the browser sent, or by the category's extensions).
 */
export function fileAccepted(config: Readonly<Record<string, unknown>>, file: SubmittedFile): boolean {
  const { extensions, categories } = accepted(config);
  if (extensions.length === 0 && categories.length === 0) return true;
  const name = file.name.toLowerCase();
  const endsWith = (extension: string) => name.endsWith(`.${extension}`);
  const family = (file.type ?? "").toLowerCase().split("/")[0];
  return (
    extensions.some(endsWith) ||
    categories.some(
      (category) =>
        (category.mediaType !== undefined && family === category.mediaType) || category.extensions.some(endsWith),
    )
  );
}
