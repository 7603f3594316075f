/**
 * A decider is the whole behaviour of one aggregate as three pure parts: the state
 * before anything happened, how an event changes the state, and which events a
 * command produces in a given state. Everything impure (clock, ids, storage) is
 * passed in or done by the caller, so deciders are tested without I/O.
 */
export type Decider<Command, Event, State> = {
  initialState: State;
  evolve: (state: State, event: Event) => State;
  /** Returns the new events, or throws a DomainError when the command is refused. */
  decide: (command: Command, state: State) => Event[];
};

/** One handler per command type: the compiler demands them all, as an exhaustive switch would. */
export type CommandHandlers<Command extends { type: string }, Event, State> = {
  [Type in Command['type']]: (command: Extract<Command, { type: Type }>, state: State) => Event[];
};

/** A decider whose decide hands each command to the handler of its type. */
export const createDecider = <Command extends { type: string }, Event, State>(
  initialState: State,
  evolve: (state: State, event: Event) => State,
  handlers: CommandHandlers<Command, Event, State>,
): Decider<Command, Event, State> => ({
  initialState,
  evolve,
  decide: (command, state) => {
    const handle = (handlers as unknown as Record<string, ((command: Command, state: State) => Event[]) | undefined>)[
      command.type
    ];
    return handle ? handle(command, state) : assertNever(command as never, 'command');
  },
});

export const foldEvents = <Command, Event, State>(decider: Decider<Command, Event, State>, events: readonly Event[]): State =>
  events.reduce(decider.evolve, decider.initialState);

/**
 * The compiler proves every command/event type is handled; reaching this at runtime is
 * a bug. Callers pass the discriminant (`command.type`): TypeScript narrows it to never
 * even while a union has a single member, which it does not do for the object itself.
 */
export const assertNever = (value: never, what: string): never => {
  throw new TypeError(`Unhandled ${what}: ${JSON.stringify(value)}`);
};
