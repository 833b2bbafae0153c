//! The shared search and rollout on a toy race: each side in turn rolls
//! two dice and moves by the higher die or by their sum; the first at
//! the goal wins.

use super::*;
use crate::chance::{ROLLS, ROLL_TOTAL};
use crate::driver::RandomPlayer;
use crate::game::{ActionError, Decision, Pending};
use crate::Roll;

const GOAL: u32 = 12;

#[derive(Clone, Debug)]
struct Race {
    at: BySide<u32>,
    turn: Side,
    roll: Option<(u8, u8)>,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
enum Act {
    Roll(u8, u8),
    Move(u32),
}

impl Race {
    fn winner(&self) -> Option<Side> {
        Side::ALL.into_iter().find(|s| *self.at.get(*s) >= GOAL)
    }
}

impl TableGame for Race {
    type Action = Act;
    fn kind(&self) -> &'static str {
        "race"
    }
    fn pending(&self) -> Option<Pending> {
        if self.winner().is_some() {
            return None;
        }
        let decision = if self.roll.is_some() {
            Decision::Play
        } else {
            Decision::Roll
        };
        Some(Pending {
            side: Some(self.turn),
            decision,
        })
    }
    fn legal_actions(&self) -> Vec<Act> {
        match self.roll {
            Some((a, b)) => {
                let hi = u32::from(a.max(b));
                let sum = u32::from(a + b);
                vec![Act::Move(hi), Act::Move(sum)]
            }
            None => Vec::new(),
        }
    }
    fn throw(&self, dice: &mut dyn DiceSource) -> Result<Act, ActionError> {
        if self.roll.is_some() || self.winner().is_some() {
            return Err(ActionError::illegal("no dice are due"));
        }
        let r = dice.roll();
        Ok(Act::Roll(r.high().value(), r.low().value()))
    }
    fn apply(&mut self, a: &Act) -> Result<Act, ActionError> {
        match (a, self.roll) {
            (Act::Roll(x, y), None) => self.roll = Some((*x, *y)),
            (Act::Move(n), Some(_)) if self.legal_actions().contains(a) => {
                *self.at.get_mut(self.turn) += n;
                self.roll = None;
                self.turn = !self.turn;
            }
            _ => return Err(ActionError::illegal("not now")),
        }
        Ok(a.clone())
    }
    fn outcome(&self) -> Option<Outcome> {
        self.winner().map(|winner| Outcome {
            winner,
            points: 1,
            text: String::new(),
        })
    }
    fn action_text(&self, a: &Act) -> String {
        format!("{a:?}")
    }
    fn position_text(&self) -> String {
        String::new()
    }
    fn record_text(&self, _: BySide<&str>) -> String {
        String::new()
    }
}

fn race(white: u32, black: u32, turn: Side) -> Race {
    Race {
        at: BySide::new(white, black),
        turn,
        roll: None,
    }
}

#[test]
fn the_default_chance_outcomes_are_the_21_rolls() {
    let o = race(0, 0, Side::White).chance_outcomes();
    assert_eq!(o.len(), 21);
    for (a, p) in &o {
        let Act::Roll(x, y) = a else { panic!("{a:?}") };
        assert_eq!(*p, Roll::new(*x, *y).probability());
    }
    let mut rolled = race(0, 0, Side::White);
    rolled.apply(&Act::Roll(3, 1)).unwrap();
    assert!(rolled.chance_outcomes().is_empty());
}

#[test]
fn expectimax_is_exact_when_the_game_ends_within_its_plies() {
    // White needs 11: only 6-5 and 6-6 (by their sum) get there; else
    // Black, one short, wins with any roll.
    let g = race(1, GOAL - 1, Side::White);
    let half = |_: &Race, _: Side| 0.5;
    let search = Expectimax::new(&half);
    let v = search.value(&g, Side::White, 2);
    assert!((v - 3.0 / 36.0).abs() < 1e-12, "{v}");
    let b = search.value(&g, Side::Black, 2);
    assert!((b - 33.0 / 36.0).abs() < 1e-12, "{b}");
    // At 0 ply, the evaluator.
    assert_eq!(search.value(&g, Side::White, 0), 0.5);
    // The mover takes the sum when it wins.
    let mut rolled = g.clone();
    rolled.apply(&Act::Roll(6, 5)).unwrap();
    assert_eq!(
        search.best(&rolled, Side::White, 1),
        Some((Act::Move(11), 1.0))
    );
}

#[test]
fn the_filter_narrows_the_candidates_searched() {
    // The lead in the side's eyes, counting the evaluations.
    let calls = std::cell::Cell::new(0u32);
    let lead = |r: &Race, s: Side| {
        calls.set(calls.get() + 1);
        0.5 + (f64::from(*r.at.get(s)) - f64::from(*r.at.get(!s))) / 100.0
    };
    let mut rolled = race(4, 4, Side::White);
    rolled.apply(&Act::Roll(4, 2)).unwrap();
    let full = Expectimax::new(&lead);
    assert_eq!(full.best(&rolled, Side::White, 2).unwrap().0, Act::Move(6));
    let every = calls.replace(0);
    let seen = std::cell::Cell::new(0usize);
    let one: &dyn Fn(&Race, &[f64]) -> usize = &|_, values| {
        seen.set(values.len());
        assert!(values.windows(2).all(|w| w[0] >= w[1]), "{values:?}");
        1
    };
    let narrow = Expectimax::filtered(&lead, one);
    assert_eq!(
        narrow.best(&rolled, Side::White, 2).unwrap().0,
        Act::Move(6)
    );
    assert_eq!(seen.get(), 2);
    assert!(calls.get() < every, "{} against {every}", calls.get());
}

#[test]
fn expect_until_bounds_and_counts_the_weights() {
    let mut rests = Vec::new();
    let v: f64 = expect_until(
        ROLLS,
        ROLL_TOTAL,
        |r| (!r.is_double()).then_some(1.0),
        |_, rest| {
            rests.push(rest);
            None
        },
    );
    assert!((v - 30.0 / 36.0).abs() < 1e-12);
    assert_eq!(rests.last(), Some(&0));
    let o: [f32; 2] = expect(ROLLS, ROLL_TOTAL, |r| [1.0, f32::from(r.high().value())]);
    assert!((o[0] - 1.0).abs() < 1e-6);
    assert!((o[1] - 161.0 / 36.0).abs() < 1e-5, "{o:?}");
}

#[test]
fn a_rollout_plays_to_the_end_or_truncates() {
    let mut values = Vec::new();
    let mut truncated = 0;
    for i in 0..40u64 {
        let mut w = RandomPlayer::<rand_chacha::ChaCha8Rng>::seeded(i);
        let mut b = RandomPlayer::<rand_chacha::ChaCha8Rng>::seeded(i + 100);
        let mut dice = <rand_chacha::ChaCha8Rng as rand_core::SeedableRng>::seed_from_u64(i);
        let mut g = race(0, 0, Side::White);
        let mut turns = 0;
        let s = rollout_game(
            &mut g,
            BySide::new(&mut w, &mut b),
            &mut dice,
            |_| {
                turns += 1;
                i % 2 == 1 && turns > 4
            },
            |g, o| match o {
                Some(o) if o.winner == Side::White => 1.0,
                Some(_) => -1.0,
                None => f64::from(*g.at.get(Side::White)) - f64::from(*g.at.get(Side::Black)),
            },
        )
        .unwrap();
        if s.finished {
            assert!(g.outcome().is_some());
        } else {
            truncated += 1;
        }
        values.push(s.value);
    }
    assert!((15..=20).contains(&truncated), "{truncated}");
    let sum = Summary::of(values.iter().copied());
    assert_eq!(sum.games, 40);
    assert!(sum.mean.abs() < 10.0 && sum.stderr > 0.0);
}
