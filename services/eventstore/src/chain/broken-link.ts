// What the verifier reports: the first link that does not hold, by global position.

export type BrokenLinkKind = 'hash-mismatch' | 'missing-revision' | 'head-mismatch' | 'digest-mismatch';

export type BrokenLink = {
  kind: BrokenLinkKind;
  /** The global position of the event (or, for a digest, the position it covers up to). */
  position: string;
  streamId: string | null;
  revision: string | null;
  type: string | null;
  eventId: string | null;
  message: string;
};

/** Keeps the earliest of the links found broken, and how many there were. */
export const createBrokenLinks = () => {
  let first: BrokenLink | null = null;
  let count = 0;
  return {
    add: (link: BrokenLink) => {
      count += 1;
      if (first === null || BigInt(link.position) < BigInt(first.position)) first = link;
    },
    first: () => first,
    count: () => count,
  };
};

export const describeBrokenLink = (link: BrokenLink) =>
  link.streamId === null
    ? `${link.message} (position ${link.position})`
    : `${link.message}: stream ${link.streamId} revision ${link.revision} position ${link.position} ${link.type} event ${link.eventId}`;
