/** Method and path pattern of every route, read from fastify's printRoutes tree (`commonPrefix: false`). */
export const parseRouteTree = (tree: string) => {
  const routes: { method: string; url: string }[] = [];
  const parents: string[] = [];
  for (const line of tree.split('\n')) {
    const branch = line.search(/[├└]── /);
    if (branch < 0) continue;
    const depth = branch / 4;
    const [, segment = '', methods] = /── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line) ?? [];
    const url = (parents[depth - 1] ?? '') + segment;
    parents[depth] = url;
    parents.length = depth + 1;
    for (const method of methods?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
};
