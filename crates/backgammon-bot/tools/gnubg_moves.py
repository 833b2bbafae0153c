# Run inside GNU Backgammon (`gnubg -t -q -r -p gnubg_moves.py`): imports
# the .mat file $MAT, analyses it with gnubg's defaults (`analyse match`),
# prints `show statistics match`, and writes one JSON line per chequer
# play to $OUT: game, the play's index in the game, the player, the dice,
# the position (Position ID), the play made, gnubg's best play and the
# equity the play lost (gnubg's normalised cubeful equity, EMG), the
# cubeless chances after both plays, and whether the play was forced (one
# legal play).
import json
import os

import gnubg

gnubg.command('import mat ' + os.environ['MAT'])
gnubg.command('analyse match')
gnubg.command('show statistics match')


def text(move):
    return ' '.join('%d/%d' % (a, b) for a, b in move)


m = gnubg.match(analysis=1, boards=1, statistics=0, verbose=0)
with open(os.environ['OUT'], 'w') as out:
    for gi, g in enumerate(m['games']):
        k = 0
        for a in g['game']:
            if a.get('action') != 'move':
                continue
            an = a.get('analysis', {})
            moves = an.get('moves', [])
            rec = {
                'game': gi,
                'index': k,
                'player': a.get('player'),
                'dice': sorted(a.get('dice', [])),
                'position_id': a.get('board'),
                'play': text(a.get('move', [])),
                'forced': len(moves) <= 1,
            }
            k += 1
            if moves and 'imove' in an:
                best = moves[0]
                made = moves[an['imove']]
                rec['best'] = text(best['move'])
                rec['lost'] = max(0.0, best['score'] - made['score'])
                # The cubeless chances after each (the mover's win, win
                # gammon and backgammon, lose gammon and backgammon).
                rec['best_probs'] = best['probs']
                rec['made_probs'] = made['probs']
            out.write(json.dumps(rec) + '\n')
