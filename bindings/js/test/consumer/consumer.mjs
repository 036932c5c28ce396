import { load } from 'fanorona';
const f = await load();
const game = new f.Game();
console.log(game.legalTurns().length, f.perft(game.fen(), 5));
