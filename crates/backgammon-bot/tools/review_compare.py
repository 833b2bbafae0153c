#!/usr/bin/env python3
"""Compares `trictrac bg review --json` with GNU Backgammon's analysis of
the same .mat file (`review_vs_gnubg.sh` makes the inputs).

    review_compare.py GNUBG_STATS.txt GNUBG_MOVES.jsonl OURS.json [N]

Prints, per player, the overall, chequer and cube error rates in mEMG,
gnubg's then ours, the unforced moves and close or actual cube decisions
each counts; then the chequer plays where the two differ most (the N
largest, default 12) and the sums of the differences; then, when
gnubg_moves.py wrote gnubg's cube decisions beside GNUBG_MOVES
(g$SEED.cubes.jsonl), the cube decisions matched by game, position and
question (double or take), per player those both count as close or
actual, those only one counts and their equity lost, and the N that
differ most with both sides' cubeful equities (No double, Double/Take,
normalised, the doubler's eyes)."""
import json
import os
import re
import sys


def gnubg_stats(path):
    """Per player (in column order): names, unforced moves, cube
    decisions and the three error rates of `show statistics match`."""
    lines = open(path).read().splitlines()
    names = None
    rates = []
    unforced = cubes = None
    for ln in lines:
        if ln.startswith('Player ') and names is None:
            names = ln.split()[1:3]
        elif ln.startswith('Unforced moves'):
            unforced = [int(x) for x in ln.split()[2:4]]
        elif ln.startswith('Close or actual cube decisions'):
            cubes = [int(x) for x in ln.split()[5:7]]
        elif ln.startswith('Error rate mEMG'):
            nums = re.findall(r'[-+]?\d+\.\d+', ln)
            rates.append((abs(float(nums[0])), abs(float(nums[2]))))
    chequer, cube, overall = rates[0], rates[1], rates[2]
    return [
        {'name': names[i], 'unforced': unforced[i], 'cubes': cubes[i],
         'overall': overall[i], 'chequer': chequer[i], 'cube': cube[i]}
        for i in range(2)
    ]


def main():
    stats_path, moves_path, ours_path = sys.argv[1:4]
    top = int(sys.argv[4]) if len(sys.argv) > 4 else 12
    g = gnubg_stats(stats_path)
    ours = json.load(open(ours_path))
    by_name = {p['name']: p for p in ours['players']}
    print('%-10s %-17s %-17s %-17s %-13s %-13s' % (
        'player', 'overall g/ours', 'chequer g/ours', 'cube g/ours',
        'unforced g/o', 'cube dec. g/o'))
    for p in g:
        o = by_name[p['name']]
        print('%-10s %7.1f / %-7.1f %7.1f / %-7.1f %7.1f / %-7.1f %5d / %-5d %5d / %-5d' % (
            p['name'], p['overall'], o['error_rate'], p['chequer'],
            o['checker_error_rate'], p['cube'], o['cube_error_rate'],
            p['unforced'], o['unforced_moves'], p['cubes'], o['cube_decisions']))
    # Chequer plays, matched by game, position and dice.
    gm = {}
    for ln in open(moves_path):
        r = json.loads(ln)
        if 'lost' in r:
            gm[(r['game'], r['position_id'], tuple(r['dice']))] = r
    side_name = {'white': ours['players'][0]['name'], 'black': ours['players'][1]['name']}
    rows = []
    missing = 0
    for gi, game in enumerate(ours['games']):
        for m in game['moves']:
            if m['forced']:
                continue
            dice = tuple(sorted(int(c) for c in re.findall(r'\d', m['roll'])))
            r = gm.get((gi, m['position_id'], dice))
            if r is None:
                missing += 1
                continue
            rows.append((m['equity_lost'] - r['lost'], gi + 1, m, r, side_name[m['side']]))
    rows.sort(key=lambda x: -abs(x[0]))
    print()
    print('chequer plays matched: %d (not found in gnubg\'s: %d); the %d largest differences:'
          % (len(rows), missing, top))
    print('%-5s %-4s %-7s %-15s %-3s %-22s %-22s %-22s %7s %7s' % (
        'game', 'move', 'player', 'position', 'dice', 'played', 'our best', 'gnubg best',
        'ours', 'gnubg'))
    for d, gi, m, r, who in rows[:top]:
        print('%-5d %-4d %-7s %-15s %-3s %-22s %-22s %-22s %7.3f %7.3f' % (
            gi, m['number'], who[:7], m['position_id'], m['roll'], m['play'], m['best'],
            r['best'], m['equity_lost'], r['lost']))
    for name in side_name.values():
        mine = [x for x in rows if x[4] == name]
        over = sum(x[0] for x in mine if x[0] > 0)
        under = sum(-x[0] for x in mine if x[0] < 0)
        ours_only = sum(1 for x in mine if x[2]['equity_lost'] >= 0.03 and x[3]['lost'] < 0.03)
        gnubg_only = sum(1 for x in mine if x[3]['lost'] >= 0.03 and x[2]['equity_lost'] < 0.03)
        print('%-8s ours above gnubg by %.3f in all, below by %.3f; errors >= 0.03 ours only %d, gnubg only %d'
              % (name, over, under, ours_only, gnubg_only))


def cube_key(gi, c):
    """A decision's key: game, position, and the question (the doubler's
    double or no double, or the doubled side's answer)."""
    q = 'double' if c['action'] in ('double', 'no double') else 'answer'
    return (gi, c['position_id'], q)


def compare_cubes(cubes_path, ours, top):
    """Prints the cube decisions of gnubg's analysis and ours side by
    side."""
    gc = {}
    for ln in open(cubes_path):
        r = json.loads(ln)
        gc[cube_key(r['game'], r)] = r
    side_name = {'white': ours['players'][0]['name'], 'black': ours['players'][1]['name']}
    rows = []
    seen = set()
    same_mid = other_mid = 0
    for gi, game in enumerate(ours['games']):
        for c in game['cubes']:
            k = cube_key(gi, c)
            r = gc.get(k)
            seen.add(k)
            if r is not None and r.get('match_id') and c['action'] in ('double', 'no double'):
                if r['match_id'] == c['match_id']:
                    same_mid += 1
                else:
                    other_mid += 1
            rows.append((side_name[c['side']], gi, c, r))
    gnubg_alone = [r for k, r in gc.items() if k not in seen]
    print()
    print('cube decisions: ours %d, gnubg\'s %d, matched %d (Match IDs equal %d, different %d); '
          'gnubg\'s not in ours %d (counted %d)' % (
              len(rows), len(gc), sum(1 for x in rows if x[3] is not None), same_mid, other_mid,
              len(gnubg_alone), sum(1 for r in gnubg_alone if r['counted'])))
    print('%-8s %-28s %-28s %-28s %-22s' % (
        'player', 'counted by both: n, lost g/o', 'ours only: n, lost g/o',
        'gnubg only: n, lost g/o', 'gnubg\'s not matched'))
    for name in side_name.values():
        mine = [x for x in rows if x[0] == name and x[3] is not None]
        both = [x for x in mine if x[2]['counted'] and x[3]['counted']]
        ours_only = [x for x in mine if x[2]['counted'] and not x[3]['counted']]
        g_only = [x for x in mine if x[3]['counted'] and not x[2]['counted']]

        def cell(xs):
            return '%3d %7.3f / %-7.3f' % (
                len(xs), sum(x[3]['lost'] for x in xs), sum(x[2]['equity_lost'] for x in xs))
        alone = [r for r in gnubg_alone if r.get('name') == name and r['counted']]
        print('%-8s %-28s %-28s %-28s %3d %7.3f' % (
            name[:8], cell(both), cell(ours_only), cell(g_only), len(alone),
            sum(r['lost'] for r in alone)))
    counted = [x for x in rows if x[3] is not None and (x[2]['counted'] or x[3]['counted'])]

    def lost(x, who):
        if who == 'g':
            return x[3]['lost'] if x[3]['counted'] else 0.0
        return x[2]['equity_lost'] if x[2]['counted'] else 0.0
    counted.sort(key=lambda x: -abs(lost(x, 'o') - lost(x, 'g')))
    print('the %d counted decisions that differ most (equities normalised, the doubler\'s eyes; '
          '* counted):' % top)
    print('%-4s %-4s %-8s %-10s %-15s %-13s %-23s %-23s %13s' % (
        'game', 'move', 'player', 'action', 'position', 'match id', 'gnubg ND / DT', 'ours ND / DT',
        'lost g / o'))
    for name, gi, c, r in counted[:top]:
        print('%-4d %-4d %-8s %-10s %-15s %-13s %7.3f / %-7.3f %-5s %7.3f / %-7.3f %-5s %6.3f%s/ %.3f%s' % (
            gi + 1, c['number'], name[:8], c['action'], c['position_id'], c['match_id'],
            r['no_double'], r['double_take'], gnubg_words(r), c['no_double'], c['double_take'],
            gnubg_words(c), r['lost'], '*' if r['counted'] else ' ', c['equity_lost'],
            '*' if c['counted'] else ' '))


def gnubg_words(c):
    """A short word for the proper action: ND (no double), D/T, D/P, TG
    (too good)."""
    nd, dt, dp = c['no_double'], c['double_take'], c['double_pass']
    if min(dt, dp) > nd:
        return 'D/T' if dt <= dp else 'D/P'
    return 'TG' if nd > dp else 'ND'


def main_cubes():
    moves_path, ours_path = sys.argv[2], sys.argv[3]
    top = int(sys.argv[4]) if len(sys.argv) > 4 else 12
    path = moves_path.replace('.jsonl', '') + '.cubes.jsonl'
    if os.path.exists(path):
        compare_cubes(path, json.load(open(ours_path)), top)


if __name__ == '__main__':
    main()
    main_cubes()
