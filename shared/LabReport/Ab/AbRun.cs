using System.Runtime.ExceptionServices;
using LabRounds;

namespace LabReport.Ab;

/// <summary>What to run: the method, the rounds' order, an optional time budget, the two sides and, for a duet, the CPU pair.</summary>
public sealed record AbPlan(AbMethod Method, RoundSchedule Schedule, TimeSpan? Budget, Side A, Side B, (int First, int Second)? CpuPair = null)
{
    /// <summary>The sides in the order the rounds engine is given them.</summary>
    public IReadOnlyList<Side> Sides => [A, B];
}

/// <summary>
/// The rounds of an <c>ab</c> run, through the lab's one rounds engine (<see cref="RoundRunner"/>):
/// interleaved — each round runs A and B one after the other in the schedule's order for that round;
/// duet — each round runs both at once, each on its own CPU, swapped every round (<see cref="DuetPinning"/>);
/// sequential — every round of A, then as many of B (runs made apart, the way two separate runs are compared).
/// With a budget, a round starts only if the rounds so far say it will end within the budget (two rounds at least,
/// for an interval). Every side's process lands in <see cref="AbMeasurements"/> as soon as it ends.
/// </summary>
public static class AbRun
{
    /// <summary>Runs <paramref name="plan"/> into <paramref name="into"/>; a failure or Ctrl-C leaves what was measured there.</summary>
    public static void Execute(AbPlan plan, ISideRunner runner, AbMeasurements into, AbProgress progress, TimeProvider time, CancellationToken token)
    {
        ArgumentNullException.ThrowIfNull(plan);
        ArgumentNullException.ThrowIfNull(runner);
        ArgumentNullException.ThrowIfNull(into);
        ArgumentNullException.ThrowIfNull(progress);
        ArgumentNullException.ThrowIfNull(time);
        SideRun One(SideTask task)
        {
            var run = runner.Run(task, token);
            into.Add(run);
            progress.Finished(run);
            return run;
        }

        switch (plan.Method)
        {
            case AbMethod.Interleaved:
                RoundRunner.Run(plan.Schedule, plan.Sides, (round, side) => One(new SideTask(round, side, null)).Wall.TotalSeconds,
                    (round, side) => progress.Starting(round, [side], into), Budget(plan.Budget, time));
                break;
            case AbMethod.Duet:
                var pair = plan.CpuPair ?? throw new ArgumentException("A duet needs its CPU pair.", nameof(plan));
                RoundRunner.RunTogether(plan.Schedule, plan.Sides, (round, order) => Together(round, order, pair, plan, runner, into, progress, token),
                    round => progress.Starting(round, plan.Sides, into), Budget(plan.Budget, time));
                break;
            default:
                var half = plan.Budget / 2;
                var a = RoundRunner.Run(plan.Schedule, [plan.A], (round, side) => One(new SideTask(round, side, null)).Wall.TotalSeconds,
                    (round, side) => progress.Starting(round, [side], into), Budget(half, time));
                var b = new RoundSchedule(a.Of(plan.A).Count, plan.Schedule.Seed);
                RoundRunner.Run(b, [plan.B], (round, side) => One(new SideTask(round, side, null)).Wall.TotalSeconds,
                    (round, side) => progress.Starting(round, [side], into));
                break;
        }
    }

    // A round starts when it is one of the first two, or when the mean round so far says it ends within the budget.
    private static Func<int, bool>? Budget(TimeSpan? budget, TimeProvider time)
    {
        if (budget is not { } limit)
        {
            return null;
        }

        long? phase = null;
        return round =>
        {
            phase ??= time.GetTimestamp();
            if (round <= 2)
            {
                return true;
            }

            var elapsed = time.GetElapsedTime(phase.Value);
            return elapsed + elapsed / (round - 1) <= limit;
        };
    }

    // Both sides at once; when one fails the other is stopped, and the first real failure is what the run reports.
    private static IReadOnlyList<double> Together(int round, IReadOnlyList<Side> order, (int First, int Second) pair, AbPlan plan,
        ISideRunner runner, AbMeasurements into, AbProgress progress, CancellationToken token)
    {
        var (cpuA, cpuB) = DuetPinning.ForRound(round, pair);
        using var linked = CancellationTokenSource.CreateLinkedTokenSource(token);
        var tasks = order.Select(side => Task.Run(() =>
        {
            try
            {
                return runner.Run(new SideTask(round, side, side == plan.A ? cpuA : cpuB), linked.Token);
            }
            catch
            {
                linked.Cancel();
                throw;
            }
        }, CancellationToken.None)).ToArray();
        try
        {
            Task.WaitAll(tasks, CancellationToken.None);
        }
        catch (AggregateException e)
        {
            var first = e.InnerExceptions.FirstOrDefault(x => x is not OperationCanceledException) ?? e.InnerExceptions[0];
            ExceptionDispatchInfo.Capture(first).Throw();
        }

        var runs = tasks.Select(t => t.Result).ToList();
        foreach (var run in runs)
        {
            into.Add(run);
            progress.Finished(run);
        }

        return [.. runs.Select(r => r.Wall.TotalSeconds)];
    }
}
