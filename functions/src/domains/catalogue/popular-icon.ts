import type { Request } from "firebase-functions/v2/https";
import { POPULAR_ICON_MAX_BYTES } from "../../contract/catalogue-admin";
import type { UploadImageType } from "../../contract/images";
import { ApiError, badRequest } from "../../platform/http/api-error";
import { readMultipart } from "../../platform/http/multipart";
import { sniffImageType } from "../../platform/image-type";

const tooLarge = () =>
  new ApiError("too_large", `The image is larger than ${POPULAR_ICON_MAX_BYTES} bytes.`, { image: "TooLarge" });

/** Reads the one image part (field `image`) of a multipart request, within the size limit. */
export function readIconUpload(req: Request): Promise<{ bytes: Buffer; type: UploadImageType }> {
  const contentType = req.header("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    return Promise.reject(badRequest("Send the image as multipart/form-data.", { image: "Required" }));
  }
  const declared = Number(req.header("content-length") ?? 0);
  // A little room for the multipart framing around the file.
  if (declared > POPULAR_ICON_MAX_BYTES + 16 * 1024) return Promise.reject(tooLarge());
  const unreadable = () => badRequest("The multipart body could not be read.", { image: "Required" });
  const limits = { files: 1, fileSize: POPULAR_ICON_MAX_BYTES, fields: 5, parts: 6 };
  return readMultipart(req, limits, unreadable, (parser, resolve, reject) => {
    let file: Buffer | null = null;
    let failure: ApiError | null = null;
    parser.on("file", (name, stream) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => {
        failure = tooLarge();
      });
      stream.on("end", () => {
        if (name === "image" && !file) file = Buffer.concat(chunks);
      });
    });
    parser.on("error", () => reject(unreadable()));
    parser.on("close", () => {
      if (failure) return reject(failure);
      if (!file || file.length === 0) return reject(badRequest("No image was sent.", { image: "Required" }));
      const type = sniffImageType(file);
      if (!type) return reject(badRequest("The file is not a PNG, JPEG, GIF or WebP image.", { image: "Invalid" }));
      resolve({ bytes: file, type });
    });
  });
}
