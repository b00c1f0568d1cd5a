"""What the turn clock changes on a table when its time comes (``bot.turn_clock`` says when):
windows that closed, turns that timed out, reminders, a table nobody came back to."""

from bot import turn_clock
from bot.sessions.change import Change
from bot.sessions.commit import ABANDONED, Committer
from bot.sessions.computers import MAX_TURN_ACTIONS, computer_move
from bot.sessions.table import Table
from bot.storage import SessionRecord
from games.core import Outcome


class ClockService(Committer):
    async def time_out(self, session_id: int) -> tuple[SessionRecord, list[int], list[int]] | None:
        """The computer plays the turns whose deadline has passed.

        Returns the record, the seats that timed out and the seats now handed to
        the computer; None when no deadline has passed (a deadline fires once:
        playing the turn replaces it).
        """
        record = await self.get(session_id)
        late = turn_clock.due(record, self.clock()).late
        if record.status != "active" or not late:
            return None
        change = Change.on(Table.of(record), self.clock)
        engine = change.table.engine
        taken = []
        for seat in late:
            if seat not in engine.to_act(change.state):
                continue  # another late seat's play ended this one's turn too
            turn = engine.turn_number(change.state)
            for _ in range(MAX_TURN_ACTIONS):
                if seat not in engine.to_act(change.state) or engine.turn_number(change.state) != turn:
                    break
                computer_move(change, seat)
            entry = record.seats[seat]
            entry.missed += 1
            if entry.missed >= record.clock.missed_turns:
                entry.auto = True
                taken.append(seat)
        return await self._play_on(change), late, taken

    async def close_windows(self, session_id: int) -> SessionRecord | None:
        """Seats whose reaction window has closed let it pass (``legal_actions[0]``): no
        missed turn, and nothing said. None when no window has closed."""
        record = await self.get(session_id)
        unanswered = turn_clock.due(record, self.clock()).unanswered
        if record.status != "active" or not unanswered:
            return None
        change = Change.on(Table.of(record), self.clock)
        engine = change.table.engine
        for seat in unanswered:
            if engine.reaction_window(change.state) is not None and seat in engine.to_act(change.state):
                change.play(seat, engine.legal_actions(change.state, seat)[0], record.seats[seat].user_id)
        return await self._play_on(change)

    async def remind(self, session_id: int) -> tuple[SessionRecord, list[int]]:
        """The seats to remind now, marked as reminded before anyone is told:
        a crash may lose a reminder, but never sends one twice."""
        record = await self.get(session_id)
        seats = turn_clock.due(record, self.clock()).remind
        for seat in seats:
            record.seats[seat].reminded = True
        if seats:
            await self._save(record, record.version)
        return record, seats

    async def abandon(self, session_id: int) -> SessionRecord | None:
        """Close a table no human has touched for its ``abandon_days``; None if one has."""
        record = await self.get(session_id)
        if not turn_clock.due(record, self.clock()).abandon:
            return None
        old = record.version
        result = None
        if record.status == "active":
            record.status = "abandoned"
            everyone = list(range(len(record.seats)))
            result = self._result(record, Outcome(reason=ABANDONED, winners=[], ranking=[everyone]))
        else:
            record.status = "cancelled"  # a lobby nobody started
        record.version += 1
        await self._save(record, old, result=result)
        return record
