namespace MeasurementLab.Tests;

public class WorkerGangTests
{
    [Theory]
    [InlineData(1)]
    [InlineData(4)]
    [InlineData(32)]
    public void Every_index_runs_once_per_run_on_its_own_dedicated_thread(int threads)
    {
        using var gang = new WorkerGang(threads);
        for (int run = 0; run < 3; run++)
        {
            var seen = new int[threads];
            var threadIds = new int[threads];
            gang.Run(i =>
            {
                Interlocked.Increment(ref seen[i]);
                threadIds[i] = Environment.CurrentManagedThreadId;
            });

            seen.Should().OnlyContain(n => n == 1);
            threadIds.Distinct().Should().HaveCount(threads, "each index has its own thread, unlike Parallel.For on a small pool");
            threadIds.Should().NotContain(Environment.CurrentManagedThreadId);
            gang.LastParticipants.Should().Be(threads);
        }

        gang.Runs.Should().Be(3);
        gang.MinParticipants.Should().Be(threads);
    }

    [Fact]
    public void Peak_concurrency_counts_threads_inside_the_body_at_once()
    {
        using var gang = new WorkerGang(4);
        using var allInside = new CountdownEvent(4);
        gang.Run(_ =>
        {
            allInside.Signal();
            allInside.Wait(); // nobody leaves until all four are inside
        });
        gang.LastPeakConcurrency.Should().Be(4);
        gang.MedianPeakConcurrency.Should().Be(4);
    }

    [Theory]
    [InlineData(new[] { 1, 2, 2 }, 2, "1×1, 2×2")]
    [InlineData(new[] { 1, 1, 2, 4 }, 1, "1×2, 2×1, 4×1")]
    [InlineData(new[] { 3, 4, 4, 1, 4 }, 4, "1×1, 3×1, 4×3")]
    [InlineData(new[] { 2 }, 2, "2×1")]
    public void The_median_peak_is_the_typical_run_whatever_the_worst(int[] peaks, int median, string counts)
    {
        // The runs' peaks are recorded directly: how many threads overlap in a real run is up to the scheduler.
        using var gang = new WorkerGang(4);
        foreach (int peak in peaks)
        {
            gang.Record(4, peak);
        }

        gang.MedianPeakConcurrency.Should().Be(median, "an even count takes the lower middle");
        gang.PeakCounts.Should().Be(counts);
        gang.Runs.Should().Be(peaks.Length);
    }

    [Fact]
    public void Before_any_run_the_peaks_are_zero()
    {
        using var gang = new WorkerGang(2);
        gang.MedianPeakConcurrency.Should().Be(0);
        gang.PeakCounts.Should().BeEmpty();
    }

    [Fact]
    public void An_exception_in_a_worker_is_rethrown_to_the_caller_and_the_gang_stays_usable()
    {
        using var gang = new WorkerGang(3);
        var act = () => gang.Run(i =>
        {
            if (i == 1)
            {
                throw new InvalidOperationException("worker 1 failed");
            }
        });
        act.Should().Throw<InvalidOperationException>().WithMessage("worker 1 failed");

        int sum = 0;
        gang.Run(i => Interlocked.Add(ref sum, i + 1));
        sum.Should().Be(6);
    }

    [Fact]
    public void Dispose_stops_the_threads_and_refuses_further_runs()
    {
        var gang = new WorkerGang(2, "stop-me");
        gang.Run(_ => { });
        gang.Dispose();
        gang.Dispose(); // idempotent
        var act = () => gang.Run(_ => { });
        act.Should().Throw<ObjectDisposedException>();
    }

    [Fact]
    public void A_gang_needs_at_least_one_thread()
    {
        var act = () => new WorkerGang(0);
        act.Should().Throw<ArgumentOutOfRangeException>();
    }

    [Fact]
    public void Run_once_gives_each_body_its_own_named_thread_and_rethrows_the_first_failure()
    {
        var names = new string?[3];
        WorkerGang.RunOnce(["dispatcher", "worker-0", "worker-1"], i => names[i] = Thread.CurrentThread.Name);
        names.Should().Equal("dispatcher", "worker-0", "worker-1");

        var act = () => WorkerGang.RunOnce(["a", "b"], i => throw new InvalidOperationException($"body {i}"));
        act.Should().Throw<InvalidOperationException>().WithMessage("body *");

        int ran = 0;
        WorkerGang.RunOnce([], _ => ran++);
        ran.Should().Be(0, "no names, no threads");
    }
}
