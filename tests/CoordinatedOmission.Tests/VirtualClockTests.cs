namespace CoordinatedOmission.Tests;

public class VirtualClockTests
{
    // Guards against a hang if the clock's bookkeeping were wrong; it asserts nothing about speed.
    private static readonly TimeSpan HangGuard = TimeSpan.FromSeconds(60);

    private static void WithinGuard(Action action)
    {
        var task = Task.Run(action);
        task.Wait(HangGuard).Should().BeTrue("a virtual-clock run must never block for real");
        task.GetAwaiter().GetResult();
    }

    [Fact]
    public void Time_moves_only_when_the_single_thread_waits_and_lands_exactly_on_the_target()
    {
        var clock = new VirtualClock();

        clock.Now.Should().Be(0);
        clock.WaitUntil(1_500);
        clock.Now.Should().Be(1_500);
        clock.Spend(250);
        clock.Now.Should().Be(1_750);
        clock.WaitUntil(1_000);
        clock.Now.Should().Be(1_750, "waiting for a time already past returns at once");
        clock.Frequency.Should().Be(VirtualClock.TicksPerSecond);
    }

    [Fact]
    public void Concurrent_threads_wake_in_time_order_each_at_its_own_time()
    {
        var clock = new VirtualClock();
        var woke = new List<(string Name, long At)>();
        void Sleeper(string name, long until)
        {
            clock.WaitUntil(until);
            lock (woke)
            {
                woke.Add((name, clock.Now));
            }
        }

        WithinGuard(() => clock.RunConcurrently(
        [
            new ConcurrentBody("c", () => Sleeper("c", 300)),
            new ConcurrentBody("a", () => Sleeper("a", 100)),
            new ConcurrentBody("b", () => Sleeper("b", 200)),
        ]));

        woke.Should().Equal(("a", 100L), ("b", 200L), ("c", 300L));
        clock.Now.Should().Be(300);
    }

    [Fact]
    public void A_consumer_gets_each_item_at_the_virtual_time_it_was_added()
    {
        var clock = new VirtualClock();
        var queue = clock.CreateQueue<int>();
        var taken = new List<(int Item, long At)>();

        WithinGuard(() => clock.RunConcurrently(
        [
            new ConcurrentBody("producer", () =>
            {
                clock.WaitUntil(10);
                queue.Add(1);
                clock.WaitUntil(25);
                queue.Add(2);
                queue.Add(3);
                queue.CompleteAdding();
            }),
            new ConcurrentBody("consumer", () =>
            {
                while (queue.TryTake(out int item))
                {
                    taken.Add((item, clock.Now));
                    clock.Spend(10);  // serving takes 10 ticks: item 3 waits for item 2
                }
            }),
        ]));

        taken.Should().Equal((1, 10L), (2, 25L), (3, 35L));
    }

    [Fact]
    public void Waiting_forever_on_an_empty_queue_fails_instead_of_hanging()
    {
        var clock = new VirtualClock();
        var queue = clock.CreateQueue<int>();

        var act = () => WithinGuard(() => clock.RunConcurrently(
        [
            new ConcurrentBody("forgetful producer", () => clock.WaitUntil(5)),  // never completes the queue
            new ConcurrentBody("consumer", () => queue.TryTake(out _)),
        ]));

        act.Should().Throw<VirtualClockDeadlockException>();
    }

    [Fact]
    public void Running_no_bodies_is_allowed_and_the_caller_keeps_its_clock()
    {
        var clock = new VirtualClock();

        clock.RunConcurrently([]);
        clock.WaitUntil(42);

        clock.Now.Should().Be(42);
    }

    [Fact]
    public void The_caller_participates_again_after_a_concurrent_section()
    {
        var clock = new VirtualClock();

        WithinGuard(() =>
        {
            clock.RunConcurrently([new ConcurrentBody("one", () => clock.WaitUntil(10))]);
            clock.WaitUntil(20);
        });

        clock.Now.Should().Be(20);
    }

    [Fact]
    public void A_failing_body_is_rethrown_to_the_caller()
    {
        var clock = new VirtualClock();

        var act = () => WithinGuard(() => clock.RunConcurrently([new ConcurrentBody("bad", () => throw new InvalidOperationException("boom"))]));

        act.Should().Throw<InvalidOperationException>().WithMessage("boom");
    }
}
