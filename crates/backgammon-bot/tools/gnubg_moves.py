# Run inside GNU Backgammon (`gnubg -t -q -r -p gnubg_moves.py`): imports
# the .mat file $MAT, analyses it with gnubg's defaults (`analyse match`),
# prints `show statistics match`, and writes one JSON line per chequer
# play to $OUT: game, the play's index in the game, the player, the dice,
# the position (Position ID), the play made, gnubg's best play and the
# equity the play lost (gnubg's normalised cubeful equity, EMG), the
# cubeless chances after both plays, and whether the play was forced (one
# legal play).
#
# It also writes one JSON line per cube decision gnubg analysed to $CUBES
# (default: $OUT with .jsonl replaced by .cubes.jsonl): game, player, the
# action ("no double", "double", "take", "drop"), the position (the
# doubler on roll) and Match ID before the decision, the cube (value,
# owner: -1 centred, 0 or 1 the player), gnubg's cubeless chances of the
# doubler and its cubeful equities of No double, Double/Take and
# Double/Pass, both in match-winning chances and normalised (EMG, the
# doubler's eyes, units of the cube before the double), whether gnubg
# counts the decision as close or actual, and the equity the decider lost
# (gnubg's rules: `isCloseCubedecision`, 0.16 from the best action).
#
# With $SGF set: an existing $SGF (an analysed match saved by an earlier
# run) is loaded instead of importing and analysing $MAT again; else the
# analysed match is saved there.
import json
import os

import gnubg

sgf = os.environ.get('SGF')
if sgf and os.path.exists(sgf):
    gnubg.command('load match ' + sgf)
else:
    gnubg.command('import mat ' + os.environ['MAT'])
    gnubg.command('analyse match')
    if sgf:
        gnubg.command('save match ' + sgf)
gnubg.command('show statistics match')


def text(move):
    return ' '.join('%d/%d' % (a, b) for a, b in move)


# gnubg's python records name player 0 'X' and player 1 'O'.
PLAYER = {'X': 0, 'O': 1}
CLOSE = 0.16


def cube_record(gi, info, rec, an, cube, owner, length):
    """The cube decision of the player of `rec` (on roll, or doubling),
    from the cube analysis `an` in his eyes."""
    me = PLAYER[rec['player']]
    score = (info.get('score-X', 0), info.get('score-O', 0))
    crawford = 1 if info.get('crawford') else 0
    ci = gnubg.cubeinfo(cube, owner, me, length, score, crawford, 0)
    mwc = [an['nd-cubeful-eq'], an['dt-cubeful-eq'], gnubg.eq2mwc(1.0, ci)]
    if length == 0:
        emg = mwc
    else:
        emg = [gnubg.mwc2eq(x, ci) for x in mwc[:2]] + [1.0]
    nd, dt, dp = emg
    dbl = min(dt, dp)
    best = max(nd, dbl)
    return {
        'game': gi,
        'player': rec['player'],
        'name': NAMES.get(rec['player'], {}).get('name', ''),
        'position_id': rec.get('board'),
        'match_id': gnubg.matchid(ci, gnubg.posinfo(me, 0, 0, 1, (0, 0))),
        'cube': cube,
        'owner': owner,
        'probs': list(an.get('probs', [])),
        'mwc': mwc,
        'no_double': nd,
        'double_take': dt,
        'double_pass': dp,
        'close': best - min(dt, 1.0) < CLOSE,
        'skill': an.get('cube-skill', ''),
    }


m = gnubg.match(analysis=1, boards=1, statistics=0, verbose=0)
NAMES = m.get('match-info', {})
length = m.get('match-info', {}).get('match-length', 0)
moves_out = os.environ['OUT']
cubes_out = os.environ.get('CUBES') or moves_out.replace('.jsonl', '') + '.cubes.jsonl'
with open(moves_out, 'w') as out, open(cubes_out, 'w') as cout:
    for gi, g in enumerate(m['games']):
        info = g['info']
        cube, owner = 1, -1
        offered = None
        k = 0
        for a in g['game']:
            action = a.get('action')
            an = a.get('analysis', {})
            if action in ('move', 'double') and 'nd-cubeful-eq' in an:
                c = cube_record(gi, info, a, an, cube, owner, length)
                doubled = action == 'double'
                c['action'] = 'double' if doubled else 'no double'
                dbl = min(c['double_take'], c['double_pass'])
                best = max(c['no_double'], dbl)
                c['lost'] = max(0.0, best - (dbl if doubled else c['no_double']))
                # Close, or actual (a double), or a missed double.
                c['counted'] = c['close'] or doubled or c['lost'] > 0
                cout.write(json.dumps(c) + '\n')
                if doubled:
                    offered = c
            elif action == 'double':
                offered = None
            if action in ('take', 'drop') and offered is not None:
                t = dict(offered)
                t['player'] = a['player']
                t['name'] = NAMES.get(a['player'], {}).get('name', '')
                t['action'] = action
                t['match_id'] = None
                d = t['double_take'] - t['double_pass']
                t['lost'] = max(0.0, d if action == 'take' else -d)
                t['counted'] = True
                cout.write(json.dumps(t) + '\n')
            if action == 'take':
                cube *= 2
                owner = PLAYER[a['player']]
            if action != 'move':
                continue
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
