// PUT /api/users/image
// GET /api/users/picture/:id/:name
import { randomUUID } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Bucket } from "@google-cloud/storage";
import { z } from "zod";
import { storageBucket } from "../../connectors/storage/connection";
import { withStorage } from "../../connectors/storage/errors";
import { PROFILE_PICTURE_MAX_BYTES } from "../../contract/account-forms";
import { IMAGE_EXTENSIONS, isUploadImageType, type UploadImageType } from "../../contract/images";
import { usersCollection } from "../../data/users";
import { ApiError, badRequest, notFound } from "../../platform/http/api-error";
import { type MultipartRequest, readMultipart } from "../../platform/http/multipart";
import { requireUser } from "../../platform/http/principal";
import { route } from "../../platform/http/route";
import {
  isPixelLimitError,
  metadataStripper,
  PICTURE_MAX_PIXELS,
  withPictureSlot,
} from "../../platform/image-metadata";
import { IMAGE_SIGNATURE_BYTES, sniffImageType } from "../../platform/image-type";

/** Room for the multipart boundary and part headers around the one file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const tooLarge = () => new ApiError("too_large", `The picture may be at most ${PROFILE_PICTURE_MAX_BYTES} bytes.`);
const tooManyPixels = () =>
  new ApiError("too_large", `The picture may be at most ${PICTURE_MAX_PIXELS / 1_000_000} megapixels.`);

/**
 * A profile picture is stored at most this many pixels a side: the pages show it at 96 (account) and
 * 128 (admin user view) CSS pixels, under 400 device pixels on a 3x phone screen; and a 48-MP JPEG is
 * then decoded already shrunk, in a fraction of the memory (README "Resources").
 */
export const PROFILE_PICTURE_MAX_EDGE = 1024;

export const pictureObjectName = (uid: string, name: string) => `profile-pictures/${uid}/${name}`;

const notAnImage = () => badRequest("The picture must be PNG, JPEG, GIF or WebP.");

/**
 * Passes the file through while counting it, and refuses it when its first bytes are not the
 * image type the browser declared (a page or a script renamed .png must not be stored), or as too
 * large as soon as it passes PROFILE_PICTURE_MAX_BYTES: the size is decided before the decoder
 * sees the end of the file, so a cut-off picture is a 413, never "not a picture" (security review).
 */
class CheckedImageStream extends Transform {
  bytes = 0;
  /** Set when the content was refused (the storage wrapper would report it as an outage). */
  refused = false;
  /** Set when the file passed the size limit. */
  tooLarge = false;
  private head: Buffer[] = [];
  private checked = false;

  constructor(private readonly declared: UploadImageType) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > PROFILE_PICTURE_MAX_BYTES) {
      this.tooLarge = true;
      return done(tooLarge());
    }
    if (this.checked) return done(null, chunk);
    this.head.push(chunk);
    const head = Buffer.concat(this.head);
    if (head.length < IMAGE_SIGNATURE_BYTES) return done();
    this.checked = true;
    this.head = [];
    if (sniffImageType(head) !== this.declared) return this.refuse(done);
    done(null, head);
  }

  override _flush(done: TransformCallback) {
    if (this.checked) return done();
    const head = Buffer.concat(this.head);
    if (head.length === 0 || sniffImageType(head) !== this.declared) return this.refuse(done);
    this.push(head);
    done();
  }

  private refuse(done: TransformCallback) {
    this.refused = true;
    done(notAnImage());
  }
}

interface Upload {
  name: string;
  contentType: string;
  bytes: number;
}

/**
 * Streams the one file of a multipart request to Cloud Storage, never holding it whole: busboy
 * parses the parts as they arrive and the file part is piped to the object's write stream.
 * Where the runtime has already buffered the request (the Functions emulator and Cloud
 * Functions put the body in req.rawBody), busboy reads that buffer in place, without a copy.
 */
function streamPicture(req: MultipartRequest, uid: string, bucket: Bucket): Promise<Upload> {
  // One byte past the limit reaches CheckedImageStream, which refuses the file as too large.
  const limits = { files: 1, fileSize: PROFILE_PICTURE_MAX_BYTES + 1, fields: 5, parts: 6 };
  const unreadable = () => badRequest("The body must be multipart/form-data with one file.", { body: "Required" });
  return readMultipart<Upload>(req, limits, unreadable, (parser, resolve, reject) => {
    let upload: Promise<Upload> | null = null;
    let extraFile = false;
    parser.on("file", (_field, file, info) => {
      const declared = info.mimeType.toLowerCase();
      const type = isUploadImageType(declared) ? declared : null;
      if (upload || !type) {
        extraFile ||= Boolean(upload);
        file.resume();
        if (!type && !upload) upload = Promise.reject(notAnImage());
        upload?.catch(() => undefined);
        return;
      }
      const name = `${randomUUID()}.${IMAGE_EXTENSIONS[type]}`;
      const object = bucket.file(pictureObjectName(uid, name));
      const checked = new CheckedImageStream(type);
      upload = (async () => {
        // Re-encoded without EXIF (a phone photo carries where it was taken) before it is stored.
        let stripperError: unknown;
        try {
          await withPictureSlot(async () => {
            const stripper = await metadataStripper({ fitWithin: PROFILE_PICTURE_MAX_EDGE });
            stripper.once("error", (error) => {
              stripperError = error;
            });
            await withStorage(() =>
              pipeline(
                file,
                checked,
                stripper,
                object.createWriteStream({
                  resumable: false,
                  contentType: type,
                  metadata: { cacheControl: "private, max-age=3600" },
                }),
              ),
            );
          });
        } catch (error) {
          await object.delete({ ignoreNotFound: true }).catch(() => undefined);
          const truncated = checked.tooLarge || (file as { truncated?: boolean }).truncated;
          if (truncated) throw tooLarge();
          if (isPixelLimitError(stripperError)) throw tooManyPixels();
          throw checked.refused || stripperError ? notAnImage() : error;
        }
        if (checked.tooLarge || (file as { truncated?: boolean }).truncated) {
          await object.delete({ ignoreNotFound: true }).catch(() => undefined);
          throw tooLarge();
        }
        return { name, contentType: type, bytes: checked.bytes };
      })();
      upload.catch(() => undefined);
    });
    // busboy stops at the first file (limits.files) and reports any further one here.
    parser.on("filesLimit", () => {
      extraFile = true;
    });
    parser.on("error", () => reject(badRequest("The multipart body could not be read.")));
    parser.on("close", () => {
      if (!upload) {
        reject(badRequest("Send one picture file.", { body: "Required" }));
        return;
      }
      if (extraFile) {
        // The first file is stored already; it must not stay behind as an orphan.
        upload
          .then((stored) => bucket.file(pictureObjectName(uid, stored.name)).delete({ ignoreNotFound: true }))
          .catch(() => undefined);
        reject(badRequest("Send one picture file only."));
        return;
      }
      upload.then(resolve, reject);
    });
  });
}

export const profilePictureRoutes = [
  route({
    method: "PUT",
    path: "/api/users/image",
    access: "verified",
    bodyKind: "raw",
    summary: "Uploads the caller's profile picture (multipart, one file, at most 100 MB)",
    handler: async ({ req, user }) => {
      const principal = requireUser(user);
      // Refused on the declared length before a byte of the body is read.
      const declared = Number(req.header("content-length") ?? Number.NaN);
      if (Number.isFinite(declared) && declared > PROFILE_PICTURE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES)
        throw tooLarge();
      if (!/^multipart\/form-data\b/i.test(req.header("content-type") ?? "")) {
        throw badRequest("The body must be multipart/form-data with one file.", { body: "Required" });
      }
      const bucket = await storageBucket();
      const upload = await streamPicture(req, principal.uid, bucket);
      const ref = usersCollection().doc(principal.uid);
      const previous = (await ref.get()).get("ProfilePictureObject");
      const url = `/api/users/picture/${encodeURIComponent(principal.uid)}/${upload.name}`;
      await ref.set({ ProfilePictureUrl: url, ProfilePictureObject: upload.name }, { merge: true });
      if (typeof previous === "string" && previous && previous !== upload.name) {
        await bucket
          .file(pictureObjectName(principal.uid, previous))
          .delete({ ignoreNotFound: true })
          .catch(() => undefined);
      }
      return { url, bytes: upload.bytes };
    },
  }),

  route({
    method: "GET",
    path: "/api/users/picture/:id/:name",
    access: "public",
    params: z.object({
      id: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
      name: z.string().regex(/^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/),
    }),
    summary: "A profile picture (unguessable names, so an <img> can show it without a token)",
    example: { params: { id: "{uid}", name: "00000000-0000-0000-0000-000000000000.png" } },
    handler: async ({ params, res }) => {
      const object = (await storageBucket()).file(pictureObjectName(params.id, params.name));
      const [metadata] = await withStorage(() => object.getMetadata()).catch((error) => {
        throw error instanceof Error && "kind" in error && error.kind === "not_found" ? notFound() : error;
      });
      res.setHeader("content-type", String(metadata.contentType ?? "application/octet-stream"));
      res.setHeader("cache-control", "private, max-age=3600");
      if (metadata.size !== undefined) res.setHeader("content-length", String(metadata.size));
      res.status(200);
      await pipeline(object.createReadStream(), res);
      return undefined;
    },
  }),
];
