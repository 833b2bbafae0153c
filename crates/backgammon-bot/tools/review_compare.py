#!/usr/bin/env python3
"""Compares `trictrac bg review --json` with GNU Backgammon's analysis of
the same .mat file (`review_vs_gnubg.sh` makes the inputs).

    review_compare.py GNUBG_STATS.txt GNUBG_MOVES.jsonl OURS.json [N]

Prints, per player, the overall, chequer and cube error rates in mEMG,
gnubg's then ours, the unforced moves and close or actual cube decisions
each counts; then the chequer plays where the two differ most (the N
largest, default 12) and the sums of the differences."""
import json
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


if __name__ == '__main__':
    main()
