// Type-checked with `tsc --noEmit` (strict) against the installed package: the declarations
// accept what the API takes and refuse what it does not (each @ts-expect-error must be an error).
import { load, FanoronaError } from 'fanorona';
import type { Fanorona, Game, Turn, Position, SearchResult, GameRecord, Step, BoardSize } from 'fanorona';

export async function main(): Promise<string> {
  const f: Fanorona = await load();
  const game: Game = new f.Game({ board: '5x5' });
  const turns: Turn[] = game.legalTurns();
  const first: Turn = game.play(turns[0]);
  const text: string = first.text + first.path.join('') + first.captured.length;
  const position: Position = game.position();
  const steps: Step[] = game.legalSteps(position.white[0]);
  game.undo();
  const history: string[] = game.history();
  const verbose = game.history({ verbose: true });
  const before: string = verbose.length ? verbose[0].before : '';
  const engine = new f.Engine({ level: 2, seed: 7 });
  const depths: number[] = [];
  const found: SearchResult = engine.search(game, { depth: 2, onIteration: (r: SearchResult) => { depths.push(r.depth); if (r.decisive) engine.stop(); } });
  const plies: number = found.pliesToEnd + (found.decisive ? 1 : 0) + depths.length;
  engine.choose(game, { onIteration: (r) => depths.push(r.nodes) });
  // @ts-expect-error: a result says decisive, not mate
  found.mate;
  // @ts-expect-error: limits are numbers
  engine.search(game, { timeMs: '1s' });
  engine.free();
  const record: GameRecord = f.parseRecord(game.record({ tags: { White: 'Rabe' } }));
  const size: BoardSize = record.board;
  try {
    game.play('a1-a2');
  } catch (e) {
    if (e instanceof FanoronaError) return e.code + e.message + Object.keys(e.values).join();
  }
  game.free();
  // @ts-expect-error: a board is 9x5, 5x5 or 3x3
  new f.Game({ board: '7x7' });
  // @ts-expect-error: perft needs a depth
  f.perft('W');
  // @ts-expect-error: the side to move is a Color
  const side: number = position.turn;
  return text + history.length + steps.length + before + found.scoreText + plies + size + side;
}
