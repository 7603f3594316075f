// Dockerfiles and their .dockerignore files, read the way BuildKit reads them (the subset we use).

// --- Dockerfiles -----------------------------------------------------------------------

export type Instruction = { keyword: string; args: string };
export type Stage = { name: string | null; base: string; instructions: Instruction[] };

/** Stages of a Dockerfile: continuation lines joined, comments dropped, ARG defaults substituted in FROM. */
export const parseDockerfile = (text: string): Stage[] => {
  const logical = text
    .replace(/\\\r?\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const line of logical) {
    const [, keyword = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const upper = keyword.toUpperCase();
    if (upper === 'ARG' && stages.length === 0) {
      const [name, value = ''] = rest.split('=');
      args[name!.trim()] = value.trim();
    } else if (upper === 'FROM') {
      const [, image = '', name] = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest) ?? [];
      const base = image.replace(
        /\$\{(\w+)\}|\$(\w+)/g,
        (_m, a: string | undefined, b: string | undefined) => args[(a ?? b)!] ?? '',
      );
      stages.push({ name: name ?? null, base, instructions: [] });
    } else if (stages.length > 0) {
      stages.at(-1)!.instructions.push({ keyword: upper, args: rest });
    }
  }
  return stages;
};

/** The stage and the stages it builds on, nearest first. */
export const stageChain = (stages: Stage[], name: string): Stage[] => {
  const stage = stages.find((candidate) => candidate.name === name);
  if (!stage) return [];
  return [stage, ...stageChain(stages, stage.base)];
};

/** The effective value of an instruction for a target (the last one wins, inherited from parents). */
export const effective = (stages: Stage[], target: string, keyword: string) => {
  for (const stage of stageChain(stages, target)) {
    const found = stage.instructions.filter((instruction) => instruction.keyword === keyword).at(-1);
    if (found) return found.args;
  }
  return undefined;
};

/** Source paths of COPY/ADD instructions that read the build context (not another stage). */
export const contextSources = (stages: Stage[]) =>
  stages.flatMap((stage) =>
    stage.instructions
      .filter(
        (instruction) => (instruction.keyword === 'COPY' || instruction.keyword === 'ADD') && !/--from=/.test(instruction.args),
      )
      .flatMap((instruction) => {
        const parts = instruction.args.split(/\s+/).filter((part) => !part.startsWith('--'));
        return parts.slice(0, -1);
      }),
  );

/** True when a .dockerignore (a simple subset: names, `**` prefixes, `*` globs, `!` exceptions) excludes the path. */
export const isDockerIgnored = (file: string, ignoreText: string) => {
  let ignored = false;
  for (const raw of ignoreText.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const negated = line.startsWith('!');
    const pattern = negated ? line.slice(1) : line;
    const regex = new RegExp(
      `^${pattern
        .split('/')
        .map((part) => (part === '**' ? '(?:.*/)?' : `${part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*')}/`))
        .join('')}`,
    );
    if (regex.test(`${file}/`)) ignored = !negated;
  }
  return ignored;
};
