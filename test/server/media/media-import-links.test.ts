import { describe, expect, test } from "bun:test";
import { directDownloadUrl, fileNameOf, parseImportLink } from "@server/features/media/imports/link-forms";
import { AppError } from "@server/platform/errors";
import { MEDIA_IMPORTS } from "@shared/messages/media-imports";

const direct = (link: string) => directDownloadUrl(parseImportLink(link)).href;

function refusal(link: string): string {
  try {
    parseImportLink(link);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("BAD_REQUEST");
    return (err as AppError).message;
  }
  throw new Error(`${link} was accepted`);
}

describe("links a studio pastes", () => {
  test("a direct file link is downloaded as given", () => {
    expect(direct("https://cdn.example.com/trailers/final%20cut.mp4?token=abc")).toBe(
      "https://cdn.example.com/trailers/final%20cut.mp4?token=abc",
    );
    expect(direct("  http://example.com/a.mov ")).toBe("http://example.com/a.mov");
  });

  test("Google Drive share links become Drive's direct-download form", () => {
    const want = "https://drive.google.com/uc?export=download&id=1AbCdEfGhIjKlMnOpQrStUvWxYz_-12";
    expect(direct("https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUvWxYz_-12/view?usp=sharing")).toBe(
      want,
    );
    expect(direct("https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUvWxYz_-12/view")).toBe(want);
    expect(direct("https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUvWxYz_-12")).toBe(want);
    expect(direct("https://drive.google.com/open?id=1AbCdEfGhIjKlMnOpQrStUvWxYz_-12")).toBe(want);
    expect(direct("https://drive.google.com/uc?id=1AbCdEfGhIjKlMnOpQrStUvWxYz_-12&export=view")).toBe(want);
    // A Drive page that names no file (a folder) is left alone: its web page is refused on arrival.
    expect(direct("https://drive.google.com/drive/folders/1AbCdEfGhIjK")).toBe(
      "https://drive.google.com/drive/folders/1AbCdEfGhIjK",
    );
  });

  test("Dropbox share links ask for the file with dl=1, keeping their key", () => {
    expect(direct("https://www.dropbox.com/s/abc123xyz/Trailer.mp4?dl=0")).toBe(
      "https://www.dropbox.com/s/abc123xyz/Trailer.mp4?dl=1",
    );
    expect(direct("https://www.dropbox.com/scl/fi/k2j3h4/Trailer.mp4?rlkey=q8w7e6&dl=0")).toBe(
      "https://www.dropbox.com/scl/fi/k2j3h4/Trailer.mp4?rlkey=q8w7e6&dl=1",
    );
    expect(direct("https://dropbox.com/s/abc123xyz/Trailer.mp4")).toBe(
      "https://dropbox.com/s/abc123xyz/Trailer.mp4?dl=1",
    );
    expect(direct("https://www.dropbox.com/scl/fi/k2j3h4/Trailer.mp4?rlkey=q8w7e6&raw=1")).toBe(
      "https://www.dropbox.com/scl/fi/k2j3h4/Trailer.mp4?rlkey=q8w7e6&dl=1",
    );
    // Not a share link: as given.
    expect(direct("https://www.dropbox.com/home")).toBe("https://www.dropbox.com/home");
  });

  test("only http and https links are taken; junk is refused plainly", () => {
    expect(refusal("ftp://files.example.com/trailer.mp4")).toBe(MEDIA_IMPORTS.onlyHttp);
    expect(refusal("file:///etc/passwd")).toBe(MEDIA_IMPORTS.onlyHttp);
    expect(refusal("javascript:alert(1)")).toBe(MEDIA_IMPORTS.onlyHttp);
    expect(refusal("gopher://example.com/")).toBe(MEDIA_IMPORTS.onlyHttp);
    expect(refusal("not a link")).toBe(MEDIA_IMPORTS.notALink);
    expect(refusal("/relative/trailer.mp4")).toBe(MEDIA_IMPORTS.notALink);
    expect(refusal("")).toBe(MEDIA_IMPORTS.notALink);
  });

  test("the file's name comes from the answer, else from the link", () => {
    const url = new URL("https://cdn.example.com/path/My%20Trailer.mp4");
    expect(fileNameOf(url, null)).toBe("My Trailer.mp4");
    expect(fileNameOf(url, 'attachment; filename="Final.mp4"')).toBe("Final.mp4");
    expect(fileNameOf(url, "attachment; filename=Final.mp4; size=3")).toBe("Final.mp4");
    expect(fileNameOf(url, "attachment; filename=\"x.mp4\"; filename*=UTF-8''%C3%9Cber.mp4")).toBe(
      "Über.mp4",
    );
    expect(fileNameOf(new URL("https://cdn.example.com/"), null)).toBe("import");
  });
});
