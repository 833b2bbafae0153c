# Cube decisions of `trictrac bg hint` against GNU Backgammon's 2-ply
# (driven by cube_agreement.sh; docs/ANALYSIS.md "Agreement with gnubg").
#
#   python3 cube_agreement.py list REVIEW.json > decisions.jsonl
#       the doubler's decisions of a `trictrac bg review --json`: every
#       turn where the side on roll could double ("no double", "double"),
#       with the Position ID, the Match ID and the same Match ID for money
#       (length, score and Crawford flag cleared, no Jacoby rule);
#   IN=decisions.jsonl OUT=gnubg.jsonl gnubg -t -q -r -p cube_agreement.py
#       inside GNU Backgammon: each decision (match and money) judged by
#       `cfevaluate` at gnubg's default evaluation context (2-ply,
#       cubeful, pruned), the numbers its `hint` shows;
#   python3 cube_agreement.py ours decisions.jsonl OUT.jsonl TRICTRAC [ARGS...]
#       each decision (match and money) by `TRICTRAC bg hint --position P
#       --match-id M --json ARGS...`;
#   python3 cube_agreement.py compare GNUBG.jsonl OURS.jsonl [MARGIN]
#       the agreement on `double` (gnubg's |min(D/T, D/P) - ND| >= MARGIN,
#       default 0.04) and `take` (|D/T - D/P| >= MARGIN), for the match
#       scores as played and for money, and the disagreements with both
#       sides' numbers.
import base64
import json
import os
import subprocess
import sys

try:
    import gnubg  # only inside GNU Backgammon
except ImportError:
    gnubg = None

def money_id(match_id):
    """The Match ID with the match length, both scores and the Crawford
    flag cleared and the no-Jacoby bit (66) set: the same cube, turn and
    game state in a money game without the Jacoby rule."""
    raw = base64.b64decode(match_id + '=' * (-len(match_id) % 4))
    k = int.from_bytes(raw, 'little')
    k &= ~(1 << 7)  # Crawford
    k &= ~(((1 << 45) - 1) << 21)  # length and both scores
    k |= 1 << 66
    return base64.b64encode(k.to_bytes(9, 'little')).decode()


def cmd_list(review):
    r = json.load(open(review))
    seen = set()
    for gi, g in enumerate(r['games']):
        for c in g['cubes']:
            if c['action'] not in ('no double', 'double'):
                continue
            key = (c['position_id'], c['match_id'])
            if key in seen:
                continue
            seen.add(key)
            print(json.dumps({
                'game': gi,
                'number': c['number'],
                'side': c['side'],
                'action': c['action'],
                'position_id': c['position_id'],
                'match_id': c['match_id'],
                'money_id': money_id(c['match_id']),
            }))


def decisions(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def judge_in_gnubg():
    """Runs inside gnubg: cfevaluate each decision, match and money."""
    gnubg.command('set jacoby off')
    gnubg.command('set beavers off')
    ec = gnubg.evalcontext()
    assert ec['plies'] == 2 and ec['cubeful'] == 1, ec
    out = open(os.environ['OUT'], 'w')
    for d in decisions(os.environ['IN']):
        rec = {'position_id': d['position_id'], 'match_id': d['match_id']}
        for kind, mid in (('match', d['match_id']), ('money', d['money_id'])):
            gnubg.command('set matchid ' + mid)
            gnubg.command('set board ' + d['position_id'])
            # gnubg keeps the previous board or match when it refuses an
            # ID (its IDs read back exactly as they were set).
            if gnubg.positionid() != d['position_id']:
                rec[kind] = {'error': 'gnubg refused the position'}
                continue
            if gnubg.matchid() != mid:
                rec[kind] = {'error': 'gnubg refused the Match ID'}
                continue
            ci = gnubg.cubeinfo()
            board = gnubg.board()
            _, nd, dt, dp, _, text = gnubg.cfevaluate(board, ci, ec)
            probs = gnubg.evaluate(board, ci, ec)
            rec[kind] = {
                'no_double': nd,
                'double_take': dt,
                'double_pass': dp,
                'action': text,
                'chances': list(probs[:5]),
                'cubeless': probs[5],
                'matchto': ci['matchto'],
                'score': list(ci['score']),
            }
        out.write(json.dumps(rec) + '\n')
        out.flush()
    out.close()


def cmd_ours(path, out_path, binary, extra):
    done = {}
    if os.path.exists(out_path):
        for r in decisions(out_path):
            done[(r['position_id'], r['match_id'])] = r
    with open(out_path, 'a') as out:
        for d in decisions(path):
            if (d['position_id'], d['match_id']) in done:
                continue
            rec = {'position_id': d['position_id'], 'match_id': d['match_id']}
            for kind, mid in (('match', d['match_id']), ('money', d['money_id'])):
                run = subprocess.run(
                    [binary, 'bg', 'hint', '--position', d['position_id'],
                     '--match-id', mid, '--json'] + extra,
                    capture_output=True, text=True, stdin=subprocess.DEVNULL)
                if run.returncode != 0:
                    rec[kind] = {'error': run.stderr.strip()}
                    continue
                h = json.loads(run.stdout)
                c = h['cube']
                rec[kind] = {
                    'no_double': c['no_double'],
                    'double_take': c['double_take'],
                    'double_pass': c['double_pass'],
                    'available': c['available'],
                    'action': c['action'],
                    'chances': [h['win'], h['win_gammon'], h['win_backgammon'],
                                h['lose_gammon'], h['lose_backgammon']],
                    'cubeless': h['cubeless_equity'],
                }
            out.write(json.dumps(rec) + '\n')
            out.flush()


def cubeless(c):
    """The cubeless money equity of the chances c."""
    return 2.0 * c[0] - 1.0 + c[1] - c[3] + c[2] - c[4]


def double(e):
    return min(e['double_take'], e['double_pass']) > e['no_double']


def double_margin(e):
    return abs(min(e['double_take'], e['double_pass']) - e['no_double'])


def take(e):
    return e['double_take'] <= e['double_pass']


def take_margin(e):
    return abs(e['double_take'] - e['double_pass'])


def pct(a, n):
    return '%d / %d = %.1f %%' % (a, n, 100.0 * a / n) if n else '0 / 0'


def show(label, e):
    c = e['chances']
    return '%s ND %+.3f DT %+.3f DP %+.3f  win %.3f g %.3f bg %.3f | g %.3f bg %.3f  %s' % (
        label, e['no_double'], e['double_take'], e['double_pass'],
        c[0], c[1], c[2], c[3], c[4], e['action'])


def tally(counts, ok):
    """Counts one decision in `counts` ([agree, total])."""
    counts[0] += ok
    counts[1] += 1


def cmd_compare(gnubg_path, ours_path, margin):
    ours = {(r['position_id'], r['match_id']): r for r in decisions(ours_path)}
    rows = []
    for g in decisions(gnubg_path):
        o = ours.get((g['position_id'], g['match_id']))
        if o is not None:
            rows.append((g, o))
    print('%d decisions judged by both' % len(rows))
    print('| positions | `double` agrees | `take` agrees |')
    print('|---|---|---|')
    wrong = []
    notes = []
    for kind in ('money', 'match'):
        # [agree, total] for: all clear; margin below 0.30; gnubg doubles.
        dbl, tk = [0, 0], [0, 0]
        dbl_close, tk_close, dbl_yes = [0, 0], [0, 0], [0, 0]
        errors = 0
        diff = []
        for g, o in rows:
            ge, oe = g.get(kind), o.get(kind)
            if not ge or not oe or 'error' in ge or 'error' in oe:
                errors += 1
                continue
            diff.append(cubeless(oe['chances']) - cubeless(ge['chances']))
            if double_margin(ge) >= margin:
                ok = double(ge) == double(oe)
                tally(dbl, ok)
                if double_margin(ge) < 0.30:
                    tally(dbl_close, ok)
                if double(ge):
                    tally(dbl_yes, ok)
                if not ok:
                    wrong.append((kind, 'double', g, o))
            if take_margin(ge) >= margin:
                ok = take(ge) == take(oe)
                tally(tk, ok)
                if take_margin(ge) < 0.30:
                    tally(tk_close, ok)
                if not ok:
                    wrong.append((kind, 'take', g, o))
        print('| %s | %s | %s |' % (kind, pct(*dbl), pct(*tk)))
        print('| %s, gnubg\'s margin %.2f-0.30 only | %s | %s |' % (
            kind, margin, pct(*dbl_close), pct(*tk_close)))
        print('| %s, gnubg says double | %s | |' % (kind, pct(*dbl_yes)))
        if diff:
            notes.append('%s: cubeless money equity, ours minus gnubg\'s: mean %+.3f, mean'
                         ' absolute %.3f; %d decisions unjudged' % (
                             kind, sum(diff) / len(diff),
                             sum(abs(x) for x in diff) / len(diff), errors))
    # Whether a disagreement comes with different chances: the winning
    # chance or a side's gammon chance 0.03 or more apart.
    apart = sum(1 for kind, _, g, o in wrong
                if max(abs(a - b) for a, b in zip(g[kind]['chances'], o[kind]['chances'])) >= 0.03)
    print()
    for n in notes:
        print(n)
    print('%d disagreements, %d with chances 0.03 or more apart' % (len(wrong), apart))
    print('Disagreements (gnubg above, ours below; equities normalised, chances'
          ' of the side on roll):')
    for kind, q, g, o in wrong:
        print('%s %s  %s:%s' % (kind, q, g['position_id'],
                                g['match_id'] if kind == 'match' else money_id(g['match_id'])))
        print('  ' + show('gnubg', g[kind]))
        print('  ' + show('ours ', o[kind]))


def main():
    if gnubg is not None:
        judge_in_gnubg()
        return
    args = sys.argv[1:]
    if args[:1] == ['list'] and len(args) == 2:
        cmd_list(args[1])
    elif args[:1] == ['ours'] and len(args) >= 4:
        cmd_ours(args[1], args[2], args[3], args[4:])
    elif args[:1] == ['compare'] and len(args) in (3, 4):
        cmd_compare(args[1], args[2], float(args[3]) if len(args) == 4 else 0.04)
    else:
        sys.exit('usage: cube_agreement.py list REVIEW.json | ours DECISIONS OUT TRICTRAC [ARGS...]'
                 ' | compare GNUBG OURS [MARGIN]')


main()
