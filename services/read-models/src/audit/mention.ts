// How a summary names a person or record: a mention the query turns into their name (or email)
// when the log is read, so the stored row holds no personal data of its own and an erased
// person reads as words, never as a piece of an id.

export const MENTION_KINDS = ['staff', 'lead', 'account', 'affiliate', 'application'] as const;
export type MentionKind = (typeof MENTION_KINDS)[number];

/** `⟦lead:<id>⟧` in a summary. */
export const mention = (kind: MentionKind, id: string) => `⟦${kind}:${id}⟧`;

export const MENTION_PATTERN = /⟦(staff|lead|account|affiliate|application):([^⟧]+)⟧/g;

/** The words for a mention whose record is gone (erased) or unknown. */
export const UNNAMED: Readonly<Record<MentionKind, string>> = {
  staff: 'a staff member',
  lead: 'a lead no longer on record',
  account: 'an account no longer on record',
  affiliate: 'an affiliate no longer on record',
  application: 'an application no longer on record',
};

/** The noun before a name: "lead Ada Obi". */
export const NOUNS: Readonly<Record<MentionKind, string>> = {
  staff: 'staff member',
  lead: 'lead',
  account: 'the account of',
  affiliate: 'affiliate',
  application: 'the application of',
};

export const mentionKey = (kind: string, id: string) => `${kind}:${id.toLowerCase()}`;

/** The summary with each mention replaced by "<noun> <name>", or the words for an unknown record. */
export const nameMentions = (summary: string, names: ReadonlyMap<string, string>) =>
  summary.replace(MENTION_PATTERN, (_, kind: MentionKind, id: string) => {
    const name = names.get(mentionKey(kind, id));
    return name === undefined ? UNNAMED[kind] : `${NOUNS[kind]} ${name}`;
  });

/** Every mention in these summaries, by kind. */
export const mentionedIds = (summaries: readonly string[]) => {
  const ids = new Map<MentionKind, Set<string>>();
  for (const summary of summaries)
    for (const [, kind, id] of summary.matchAll(MENTION_PATTERN)) {
      const set = ids.get(kind as MentionKind) ?? new Set<string>();
      set.add(id!.toLowerCase());
      ids.set(kind as MentionKind, set);
    }
  return ids;
};
