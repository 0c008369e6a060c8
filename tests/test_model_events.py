"""The replay's clock (model/events.py): the order of events the replay relies on, pinned."""

from gemmsim.model.events import Scheduler


def test_earlier_first_and_the_same_cycle_in_the_order_scheduled():
    clock, log = Scheduler(), []
    for name, delay in (("b", 5), ("a", 2), ("c", 5), ("d", 2)):
        clock.after(delay, lambda name=name: log.append((name, clock.now)))
    clock.run()
    assert log == [("a", 2), ("d", 2), ("b", 5), ("c", 5)]


def test_whole_cycles_stay_ints_as_they_print_in_a_trace():
    clock, seen = Scheduler(), []
    clock.after(3, lambda: seen.append(clock.now))
    clock.after(1.0, lambda: seen.append(clock.now))
    clock.run()
    assert [repr(t) for t in seen] == ["1.0", "3"]


def test_a_process_runs_until_it_yields_and_ends_by_returning():
    clock, log = Scheduler(), []

    def process():
        log.append(("start", clock.now))
        clock.after(4, resume)
        yield
        log.append(("end", clock.now))

    resume = clock.start(process())
    clock.run()
    assert log == [("start", 0), ("end", 4)] and not clock.queue


def test_an_event_resumes_its_waiters_in_order_in_one_instant_and_later_ones_at_once():
    clock, log = Scheduler(), []
    event = clock.event()

    def waiter(name):
        def process():
            if not event.happened:
                event.callbacks.append(resumes[name])
                yield
            log.append((name, clock.now))   # the first returns here, among the event's callbacks
        return process()

    resumes = {name: clock.start(waiter(name)) for name in ("x", "y")}
    clock.after(7, event.succeed)
    clock.after(9, lambda: resumes.update(z=clock.start(waiter("z"))))
    clock.run()
    assert log == [("x", 7), ("y", 7), ("z", 9)]


def test_sleep_moves_the_clock_itself_only_where_a_queued_wake_up_would_come_next():
    clock = Scheduler()
    clock.after(10, lambda: None)
    assert clock.sleep(4, None) is False and clock.now == 4           # nothing due before 8
    assert clock.sleep(6, "wake") is True and clock.now == 4          # something due at 10: queued after it
    assert [(at, callback) for at, _, callback in sorted(clock.queue)][-1] == (10, "wake")


def test_sleep_never_moves_the_clock_while_an_events_waiters_share_the_instant():
    clock, answers = Scheduler(), []
    event = clock.event()
    event.callbacks.append(lambda: answers.append(clock.sleep(1, lambda: None)))
    event.succeed()
    clock.run()
    assert answers == [True] and clock.now == 1
