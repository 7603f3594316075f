import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { link, mkdir, open, readdir, rm, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isObjectId, type ObjectStore } from './object-store.ts';
import { signUploadToken, uploadTokenExpiry } from './upload-token.ts';

export const LOCAL_UPLOAD_ROUTE = '/api/objects/upload';

/** A file being received; published under its object id only once its bytes passed every check. */
export type IncomingFile = {
  handle: FileHandle;
  /** Links the file to its final name; false when that name is taken (the object already exists). */
  publish: (objectId: string) => Promise<boolean>;
  /** Removes the temporary file; safe to call more than once and after publish. */
  discard: () => Promise<void>;
};

export type LocalObjectStore = ObjectStore & {
  kind: 'local';
  /** `${dataDir}/objects`: everything the store writes stays under it. */
  root: string;
  createIncomingFile: () => Promise<IncomingFile>;
  /** Removes temporary files a crash left behind (older than maxAgeMs). */
  sweepIncoming: (maxAgeMs?: number) => Promise<number>;
};

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * Objects on local disk: `${dataDir}/objects/uploads/<uuid>`, received into
 * `${dataDir}/objects/.incoming/` on the same file system and hard-linked into place,
 * so an object appears whole or not at all and is never overwritten.
 */
export const createLocalStore = (options: { dataDir: string; signingSecret: string }): LocalObjectStore => {
  const root = path.resolve(options.dataDir, 'objects');
  const uploadsDir = path.join(root, 'uploads');
  const incomingDir = path.join(root, '.incoming');

  // Ids are uuids by contract; the containment check guards against a future caller
  // that forgets to validate.
  const fileOf = (objectId: string) => {
    if (!isObjectId(objectId)) throw new TypeError(`Not an object id: ${JSON.stringify(objectId)}`);
    const file = path.join(uploadsDir, objectId);
    if (path.dirname(file) !== uploadsDir) throw new TypeError('Object path escapes the store');
    return file;
  };

  const statObject: ObjectStore['statObject'] = async (objectId) => {
    try {
      const info = await stat(fileOf(objectId));
      return info.isFile() ? { sizeBytes: info.size, etag: null } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    kind: 'local',
    root,
    createUploadTarget: async ({ objectId, owner, purpose, now }) => {
      const token = signUploadToken(
        { objectId, ownerKind: owner.kind, ownerId: owner.id, purpose, exp: uploadTokenExpiry(now) },
        options.signingSecret,
      );
      return { uploadURL: `${LOCAL_UPLOAD_ROUTE}/${token}` };
    },
    statObject,
    readObject: async (objectId, range = {}) => {
      if (!(await statObject(objectId))) return null;
      const stream: Readable = createReadStream(fileOf(objectId), { start: range.start, end: range.end });
      return stream;
    },
    deleteObject: async (objectId) => {
      await rm(fileOf(objectId), { force: true });
    },
    createIncomingFile: async () => {
      await mkdir(incomingDir, { recursive: true });
      await mkdir(uploadsDir, { recursive: true });
      const temp = path.join(incomingDir, `${randomBytes(16).toString('hex')}.part`);
      const handle = await open(temp, 'wx', 0o600);
      let closed = false;
      const close = async () => {
        if (closed) return;
        closed = true;
        await handle.close();
      };
      return {
        handle,
        publish: async (objectId) => {
          await handle.sync();
          await close();
          try {
            await link(temp, fileOf(objectId));
            return true;
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
            throw error;
          }
        },
        discard: async () => {
          await close().catch(() => {});
          await unlink(temp).catch((error: unknown) => {
            if (!isMissing(error)) throw error;
          });
        },
      };
    },
    sweepIncoming: async (maxAgeMs = 60 * 60_000) => {
      let removed = 0;
      const names = await readdir(incomingDir).catch((error: unknown) => {
        if (isMissing(error)) return [] as string[];
        throw error;
      });
      for (const name of names) {
        const file = path.join(incomingDir, name);
        const info = await stat(file).catch(() => null);
        if (info && Date.now() - info.mtimeMs > maxAgeMs) {
          await rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
};
