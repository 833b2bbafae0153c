//! The late false move (RULES.md section 11, `false-moves=table`; the
//! seed article's *Caso falso*, case 6, third bullet): a false play that
//! passed a checker into the opponent's grand jan while he could still
//! fill it, seen by neither player before the opponent's roll.
//!
//! "nel caso in cui nessuno dei giocatori abbia visto il falso quadrato
//! nel terzo quadrante, l'avversario accorgersene dopo aver fatto la
//! propria mossa potrebbe costringere il giocatore in fallo a giocare la
//! mossa successiva con la regina impedendogli di completare per passarla
//! in l'ultimo quadrante. Ma questo colpo successivo fosse passato, o non
//! essendo più possibile il gran jan, l'avversario non avrebbe più alcun
//! diritto sulla regina guasta" — and in the fourth quadrant, "avendo
//! l'avversario lanciato i suoi dadi, non sarebbe più possibile tornare
//! su di essa".
//!
//! So: the opponent, having rolled without settling the false play (an
//! explicit *leave* means he saw it), may claim it from his roll until its
//! author has played his next roll, while he can still fill his grand
//! jan; the claim binds that next roll to the legal plays carrying the
//! faulty checkers into the last quadrant (as many of them as a legal
//! play can), or leaves it free when no legal play carries one.

use super::false_moves::FalseState;
use super::{Event, Game, GameError, Phase};
use crate::board::{Board, Field};
use crate::plays::{Play, PlayList};
use crate::side::Side;

/// A false play left by the opponent's roll with checkers in his grand
/// jan: what he may still claim.
#[derive(Clone, Debug)]
pub(super) struct LateState {
    author: Side,
    /// The faulty checkers' fields, in the author's frame (14–18).
    fields: Vec<u8>,
    claimed: bool,
    /// While the claim binds the author's pending roll: all its legal
    /// plays (to name the claim when another one is tried).
    unbound: Option<PlayList>,
}

/// `false-moves=table`: the late false move open to a claim or claimed
/// (see [`Game::late_false_move`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LateFalseMove {
    /// Who made the false play.
    pub author: Side,
    /// The faulty checkers in the opponent's grand jan (absolute fields).
    pub fields: Vec<Field>,
    /// The opponent claimed it: the author's next roll is bound.
    pub claimed: bool,
    /// The author's pending roll is bound now (some legal play carries a
    /// faulty checker into the last quadrant; `false` while the roll is to
    /// come, or when none does and the roll is played freely).
    pub binding: bool,
}

/// Whether `side` can still fill his grand jan (R-4.6: materially, from
/// his own checkers, which never move back): for each field of 7–12 in
/// his frame, twice as many checkers up to it as fields filled so far.
fn can_fill_grand(board: &Board, side: Side) -> bool {
    let mut cum: u32 = (1..7u8)
        .map(|k| u32::from(board.count(side, Field::new(k))))
        .sum();
    (0..6u8).all(|j| {
        cum += u32::from(board.count(side, Field::new(7 + j)));
        cum >= 2 * (u32::from(j) + 1)
    })
}

/// How many of the checkers on `fields` (mover's frame) `play` carries
/// into the last quadrant (19–24, or off).
fn carried(play: &Play, fields: &[u8]) -> usize {
    let mut at = fields.to_vec();
    for m in play.moves() {
        if let Some(i) = at.iter().position(|f| *f == m.from) {
            at[i] = m.to;
        }
    }
    at.iter().filter(|f| **f >= 19).count()
}

impl LateState {
    /// The late false move a false play leaves when the opponent rolls
    /// without settling it: its checkers standing in his grand jan (the
    /// author's 14–18) while he can still fill it. `board` is the board
    /// as the false play left it.
    pub(super) fn after(f: &FalseState, board: &Board) -> Option<LateState> {
        let mut at: Vec<u8> = Vec::new();
        for (i, (from, to)) in f.moves.iter().enumerate() {
            // A checker played tout d'une counts once, where it ends.
            if i == 1 && f.moves[0].1 == *from {
                at[0] = *to;
            } else {
                at.push(*to);
            }
        }
        at.retain(|x| (14..=18).contains(x));
        (!at.is_empty() && can_fill_grand(board, !f.author)).then(|| LateState {
            author: f.author,
            fields: at,
            claimed: false,
            unbound: None,
        })
    }
}

impl Game {
    /// `false-moves=table` (section 11, case 6): the late false move open
    /// to the opponent's claim, or claimed, until its author has played
    /// his next roll. `None` otherwise.
    pub fn late_false_move(&self) -> Option<LateFalseMove> {
        let l = self.late.as_ref()?;
        Some(LateFalseMove {
            author: l.author,
            fields: l
                .fields
                .iter()
                .map(|f| Field::new(*f).to_absolute(l.author))
                .collect(),
            claimed: l.claimed,
            binding: l.unbound.is_some(),
        })
    }

    /// Whether `side` may claim the late false move now: he is the
    /// opponent of its author, has not claimed it yet, the author has not
    /// played his next roll, and `side` can still fill his grand jan.
    pub fn can_claim_late_false_move(&self, side: Side) -> bool {
        self.late.as_ref().is_some_and(|l| {
            side == !l.author
                && !l.claimed
                && !matches!(self.phase, Phase::Over(_))
                && can_fill_grand(&self.position.board, side)
        })
    }

    /// `false-moves=table` (section 11, case 6): the opponent claims the
    /// late false move: its author's next roll must carry the faulty
    /// checkers into the last quadrant (R-4.6's jan de retour), as many of
    /// them as a legal play can; when no legal play carries one, the roll
    /// is played freely and the claim is spent.
    ///
    /// # Errors
    /// When [`Game::can_claim_late_false_move`] is false for `side`.
    pub fn claim_late_false_move(&mut self, side: Side) -> Result<(), GameError> {
        if !self.can_claim_late_false_move(side) {
            return Err(GameError::Points(
                "no late false move to claim: the opponent of a false play that passed a checker into his grand jan claims it after his roll, until its author has played his next roll, while he can still fill his grand jan (section 11, case 6)",
            ));
        }
        if let Some(l) = self.late.as_mut() {
            l.claimed = true;
        }
        self.log.push(Event::LateFalseMoveClaimed { by: side });
        let rolled = matches!(
            self.phase,
            Phase::Play(s) | Phase::StayOrLeave(s) | Phase::Mark(s) if s != side
        );
        if rolled {
            self.bind_late_claim();
        }
        Ok(())
    }

    /// The author has rolled (or the claim came after his roll): a claim
    /// binds the pending roll's plays, while the opponent can still fill
    /// his grand jan ("o non essendo più possibile il gran jan, …").
    pub(super) fn bind_late_claim(&mut self) {
        let Some(l) = self.late.as_mut() else {
            return;
        };
        let Some(pending) = self.pending.as_mut() else {
            return;
        };
        if !l.claimed || l.unbound.is_some() || pending.score.side != l.author {
            return;
        }
        if !can_fill_grand(&self.position.board, !l.author) {
            self.late = None;
            return;
        }
        let most = pending
            .plays
            .iter()
            .map(|p| carried(p, &l.fields))
            .max()
            .unwrap_or(0);
        if most == 0 {
            return;
        }
        let bound: PlayList = pending
            .plays
            .iter()
            .copied()
            .filter(|p| carried(p, &l.fields) == most)
            .collect();
        l.unbound = Some(std::mem::replace(&mut pending.plays, bound));
    }

    /// The late claim binding the pending roll refuses a play that is
    /// not one of its plays (a legal play of the roll that does not carry
    /// the faulty checkers on, or any false play): the reason, naming the
    /// fields.
    pub(super) fn late_claim_refusal(&self) -> Option<GameError> {
        let l = self.late.as_ref().filter(|l| l.unbound.is_some())?;
        let fields: Vec<String> = l
            .fields
            .iter()
            .map(|f| Field::new(*f).to_absolute(l.author).value().to_string())
            .collect();
        Some(GameError::LateClaim(fields.join(" and ")))
    }

    /// All the legal plays of the pending roll when a late claim binds it.
    pub(super) fn late_claim_unbound(&self) -> Option<&PlayList> {
        self.late.as_ref().and_then(|l| l.unbound.as_ref())
    }

    /// `side` has played: the author's next roll is past, the claim ends.
    pub(super) fn end_late_at_play(&mut self, side: Side) {
        if self.late.as_ref().is_some_and(|l| l.author == side) {
            self.late = None;
        }
    }
}
