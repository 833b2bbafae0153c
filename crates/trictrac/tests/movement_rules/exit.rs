//! bearing off (sortant, excédant, défaillant, the
//! provinciale) and the last checker off.

use super::*;

// ----------------------------------------------------------------

const BLK: &str = "b:13x3,14x3,15x3,16x3,17x3";

fn white(list: &str) -> String {
    format!("w:{list} {BLK} w")
}

#[test]
fn r_4_7_sortant_bears_off_or_plays_inside() {
    // 20 is 5 from the rail: the 5 bears it off. 23 is 2 from the rail:
    // the 2 bears it off or plays 20-22.
    assert_plays(&white("20x2,23"), "5-2", &["20-off 20-22", "20-off 23-off"]);
}

#[test]
fn r_4_7_sortant_die_may_be_played_inside() {
    // 3-1 with 19 and 22: the 3 is sortant (22) but may play 19-22.
    assert_plays(&white("19,22"), "3-1", &["22-off 19-20", "19-22-23"]);
}

#[test]
fn r_4_7_excedant_bears_off_the_farthest() {
    // D = 4 (from 21): the 6 is excédant and bears off 21, the farthest;
    // the 1 is played inside. 1 first (21-22) then the 6 bears off 22.
    let p = white("21,23x2");
    assert_plays(&p, "6-1", &["21-off 23-24", "21-22-off"]);
    assert_illegal(&p, "6-1", "23-off 23-24", "R-4.7");
    assert_illegal(&p, "6-1", "23-off 21-22", "R-4.7");
    // Both dice excédant in turn.
    assert_plays(&white("20,22"), "6-5", &["20-off 22-off"]);
}

// Black's checkers on White's 22 and 24 (his 3 and 1): he cannot fill his
// petit jan (none on his 2), so White may enter the return, but 22 and 24
// are blocked.
const DEF_BLACK: &str = "b:13x2,14x3,15x3,16x3,22x2,24x2";

#[test]
fn r_4_7_defaillant_is_played_inside_or_not_at_all() {
    // 4-1, D = 6: neither die is sortant. The 4 plays 19-23; 23-off would
    // bear off a nearer checker with a défaillant die. After 19-23 the 1
    // (23-24) is blocked; after 19-20 the 4 (20-24) is blocked, and so is
    // 19-24: only one die can be played, the higher.
    let p = format!("w:19,23 {DEF_BLACK} w");
    assert_plays(&p, "4-1", &["19-23"]);
    assert_illegal(&p, "4-1", "23-off", "R-4.7");
    // 5-3 with 19 and 21: every inside move is blocked, and neither die
    // may bear off 21 (not exact, not the farthest).
    let q = format!("w:19,21 {DEF_BLACK} w");
    assert_plays(&q, "5-3", &["--"]);
    assert_illegal(&q, "5-3", "21-off", "R-4.7");
    // 6-3: the 6 is sortant (19); the 3 then is défaillant for 21 (24 is
    // blocked) and unplayable.
    assert_plays(&q, "6-3", &["19-off"]);
}

#[test]
fn r_4_7_defaillant_with_open_rest() {
    // 4-2 with 19 and 20 (22, 24 blocked): 19-23-off, the 2 bearing off
    // 23 exactly, is the only way to play both dice.
    assert_plays(&format!("w:19,20 {DEF_BLACK} w"), "4-2", &["19-23-off"]);
}

#[test]
fn r_4_7_arrangement_may_not_make_a_die_excedant() {
    // 5-2 with 19, 22, 24: 19-24 22-24 plays the 5 inside. 19-21-off would
    // make the 5 excédant (D = 4 after 19-21): illegal.
    let p = white("19,22,24");
    assert_plays(&p, "5-2", &["19-24 22-24"]);
    assert_illegal(&p, "5-2", "19-21-off", "R-4.7");
    assert_illegal(&p, "5-2", "19-21 21-off", "R-4.7");
}

#[test]
fn r_4_7_black_arrangement() {
    // The case above mirrored.
    let p = "w:8x3,9x3,10x3,11x3,12x3 b:1,3,6 b";
    assert_plays(p, "5-2", &["6-1 3-1"]);
    assert_illegal(p, "5-2", "6-4-off", "R-4.7");
}

#[test]
fn r_4_7_tout_d_une_bearing_off() {
    // 3-2 with 20 and 23: every way reaches {23}: 20-23-off.
    let p = white("20,23");
    assert_plays(&p, "3-2", &["20-23-off"]);
    assert_resolves(&p, "3-2", "23-off 20-23", "20-23-off");
    assert_resolves(&p, "3-2", "20-22 22-off", "20-23-off");
}

#[test]
fn r_4_7_last_checker_enters_and_another_leaves() {
    // 4-3 with 18, 21, 21: 18-22 enters the return; then the 3 bears off
    // 22 exactly (tout d'une) or plays 21-24.
    let p = white("18,21x2");
    assert_plays(&p, "4-3", &["18-22 21-24", "18-22-off"]);
    assert_resolves(&p, "4-3", "21-off 18-21", "18-22-off");
    assert_illegal(&p, "4-3", "21-off 21-24", "R-4.7");
}

#[test]
fn r_4_7_provinciale_plays_inside_first() {
    // 3-1 with 19 and 22: the 3 can be played inside (19-22), so under
    // the provinciale it may not bear off 22.
    let p = white("19,22");
    assert_plays_with(&p, "3-1", &PROVINCIALE, &["19-22-23"]);
    assert_illegal_with(&p, "3-1", &PROVINCIALE, "22-off 19-20", "R-4.7");
    // 6-5 with 19x3 and 20..24 two each: the 6 cannot be played inside,
    // so it bears off the farthest; the 5 must play 19-24 (parisienne:
    // it may also bear off 20).
    let q = white("19x3,20x2,21x2,22x2,23x2,24x2");
    assert_plays_with(&q, "6-5", &PROVINCIALE, &["19-off 19-24"]);
    assert_plays(&q, "6-5", &["19-off 19-24", "19-off 20-off"]);
}

#[test]
fn r_4_7_provinciale_no_arranged_bear_off() {
    // 5-2 with 19, 22, 24: both dice can be played inside (19-24 22-24),
    // so "everything playable inside must be played": 19-21-off, which
    // bears off with the 5 only because the 2 was played first, is not
    // allowed (it is not even allowed under the parisienne).
    assert_plays_with(&white("19,22,24"), "5-2", &PROVINCIALE, &["19-24 22-24"]);
}

#[test]
fn r_4_7_provinciale_privilege_of_the_surcases() {
    // A full return jan with two surcases on 21: each may be borne off
    // exactly by a 4 (the jan is full when it leaves), up to three times a
    // relevé; otherwise the 4s are played inside. These are the plays the
    // movement laws allow (R-6.8 steps 1-2)...
    let list = "19x2,20x2,21x4,22x2,23x2,24x2";
    let mut p = pos(&white(list));
    let movement = [
        "19-23 19-23",
        "19-23 20-24",
        "20-24 20-24",
        "19-23 21-off",
        "20-24 21-off",
        "21-off 21-off",
    ];
    let shown = |plays: trictrac::PlayList| -> BTreeSet<String> {
        plays
            .iter()
            .map(|q| q.display(Side::White).to_string())
            .collect()
    };
    let set = |s: &[&str]| -> BTreeSet<String> { s.iter().map(|x| x.to_string()).collect() };
    let r = roll("4-4");
    assert_eq!(shown(p.movement_plays(r, &PROVINCIALE)), set(&movement));
    // ...and the one that keeps the jan is then compulsory.
    assert_eq!(
        shown(p.legal_plays_with(r, &PROVINCIALE)),
        set(&["21-off 21-off"])
    );
    // Privilege used three times: the 4s are played inside.
    p.set_privileges_used(Side::White, 3);
    assert_eq!(
        shown(p.movement_plays(r, &PROVINCIALE)),
        set(&movement[..3])
    );
    assert_eq!(
        shown(p.legal_plays_with(r, &PROVINCIALE)),
        set(&movement[..3])
    );
}

// ----------------------------------------------------------------

#[test]
fn r_4_8_last_checker_off_ignores_the_other_die() {
    let p = white("24");
    assert_plays(&p, "6-5", &["24-off"]);
    assert_plays(&p, "1-1", &["24-off"]);
    let q = pos(&p);
    let play = q.legal_plays(roll("6-5"))[0];
    assert!(q.after(&play).all_off(Side::White));
    // Black's last two checkers.
    assert_plays("w:8x3,9x3,10x3,11x3,12x3 b:1,2 b", "6-5", &["2-off 1-off"]);
}
