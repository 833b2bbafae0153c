//! Resignations: at once, or offered and answered.

use tables::Side;

use super::{EndReason, Event, Game, GameError, GameResult, Phase};
use crate::score::WinKind;

impl Game {
    /// `side` resigns at once, conceding a single game, a gammon or a
    /// backgammon (times the cube): what a time verdict does, and what an
    /// accepted offer ([`Game::answer_resignation`]) ends with. A
    /// resignation offered meanwhile is gone.
    ///
    /// # Errors
    /// If the game is over.
    pub fn resign(&mut self, side: Side, kind: WinKind) -> Result<(), GameError> {
        if matches!(self.phase, Phase::Over(_)) {
            return Game::err("the game is over".into());
        }
        self.offer = None;
        self.events.push(Event::Resign { side, kind });
        self.phase = Phase::Over(GameResult {
            winner: !side,
            kind,
            points: kind.points() * self.cube.value,
            reason: EndReason::Resigned,
        });
        Ok(())
    }

    /// The resignation offered and not yet answered: who offers, and
    /// what he would concede.
    pub fn resignation_offer(&self) -> Option<(Side, WinKind)> {
        self.offer
    }

    /// Why nothing but an answer to the resignation offered may be done
    /// now, if one is offered.
    pub(super) fn offer_pending(&self) -> Result<(), GameError> {
        match self.offer {
            Some((side, kind)) => Game::err(format!(
                "{side} offers to resign {}: {} must first accept or decline it",
                kind.offered(),
                !side
            )),
            None => Ok(()),
        }
    }

    /// `side` offers to resign, conceding `kind` (times the cube) if the
    /// other side accepts ([`Game::answer_resignation`]); a declined
    /// offer lets play go on. Either side may offer, on either turn, once
    /// the opening throw is made.
    ///
    /// # Errors
    /// The game over or not begun, or an offer already waiting.
    pub fn offer_resignation(&mut self, side: Side, kind: WinKind) -> Result<(), GameError> {
        match self.phase {
            Phase::Over(_) => return Game::err("the game is over: there is nothing to resign".into()),
            Phase::Opening => {
                return Game::err(
                    "a resignation is offered once the game has begun, after the opening throw (BG-2.2)"
                        .into(),
                )
            }
            _ => {}
        }
        if let Some((by, k)) = self.offer {
            return Game::err(if by == side {
                format!(
                    "{side} has already offered to resign {}: {} answers first",
                    k.offered(),
                    !side
                )
            } else {
                format!(
                    "{by} offers to resign {}: {side} must first accept or decline it",
                    k.offered()
                )
            });
        }
        self.events.push(Event::ResignOffer { side, kind });
        self.offer = Some((side, kind));
        Ok(())
    }

    /// `side` answers the resignation offered by the other side:
    /// accepted, the game ends with the points offered; declined, play
    /// goes on where it stood.
    ///
    /// # Errors
    /// No offer waiting (never made, withdrawn or answered), or `side`
    /// answering his own.
    pub fn answer_resignation(&mut self, side: Side, accept: bool) -> Result<(), GameError> {
        let Some((by, kind)) = self.offer else {
            return Game::err(
                "no resignation is offered now (it was never made, or withdrawn, or answered)"
                    .into(),
            );
        };
        if by == side {
            return Game::err(format!(
                "{side} cannot answer his own resignation offer: {} accepts or declines it",
                !side
            ));
        }
        if accept {
            self.resign(by, kind)
        } else {
            self.offer = None;
            self.events.push(Event::ResignDeclined { side });
            Ok(())
        }
    }

    /// `side` withdraws the resignation he offered, before it is
    /// answered: play goes on.
    ///
    /// # Errors
    /// No offer waiting, or one made by the other side.
    pub fn withdraw_resignation(&mut self, side: Side) -> Result<(), GameError> {
        match self.offer {
            None => Game::err("no resignation is offered now: there is nothing to withdraw".into()),
            Some((by, _)) if by != side => Game::err(format!(
                "{by} offered the resignation: only he may withdraw it; {side} accepts or declines it"
            )),
            Some(_) => {
                self.offer = None;
                self.events.push(Event::ResignWithdrawn { side });
                Ok(())
            }
        }
    }
}
