using System.Diagnostics;
using LabRounds;

namespace FirstThingsFirst.Ab;

/// <summary>Measures one side once: the mean time (ns) of each benchmark, keyed by its full name.</summary>
public delegate IReadOnlyDictionary<string, double> MeasureSide(string side, int round, CancellationToken token);

/// <summary>The rounds measured so far and how they ended.</summary>
public sealed record RoundsOutcome(IReadOnlyList<AbResult> Results, int Rounds, StopReason Reason, TimeSpan Wall, string? Problem);

/// <summary>How the two sides' processes are scheduled (<c>--method</c>).</summary>
public enum AbMethod
{
    /// <summary>A then B in odd rounds, B then A in even ones (A B B A ...): a drift over time weighs on both alike. The default.</summary>
    Interleaved,

    /// <summary>
    /// Every round of A up to the next look, then every round of B (AAA BBB AA BB ...): as two runs made one after the
    /// other are compared, so a drift between them counts as a change. For calibration.
    /// </summary>
    Sequential,

    /// <summary>A and B at the same time, one process each (duet benchmarking): they share the machine's state, and its cores.</summary>
    Duet,
}

/// <summary>
/// The rounds: by default interleaved, A then B in odd rounds, B then A in even ones (A B B A ...), so a drift of the
/// machine over time weighs on both sides alike; after each round (a block of rounds up to the next look when
/// sequential) every benchmark is judged and <see cref="StopRule"/> says whether to go on.
/// </summary>
public static class Rounds
{
    /// <summary>Runs rounds until the stop rule, a failure or cancellation ends them.</summary>
    public static RoundsOutcome Run(MeasureSide measure, AbOptions options, TimeProvider time, Action<string> progress, CancellationToken token)
    {
        ArgumentNullException.ThrowIfNull(measure);
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(time);
        ArgumentNullException.ThrowIfNull(progress);
        var a = new Dictionary<string, List<double>>(StringComparer.Ordinal);
        var b = new Dictionary<string, List<double>>(StringComparer.Ordinal);
        IReadOnlyList<AbResult> results = [];
        long start = time.GetTimestamp();
        var slowest = TimeSpan.Zero;
        int rounds = 0;
        StopReason? reason = null;
        string? problem = null;
        while (reason is null)
        {
            long roundStart = time.GetTimestamp();
            int block = Block(options.Method, rounds, options.MaxRounds);
            try
            {
                foreach (var (roundA, roundB) in MeasureBlock(measure, options.Method, rounds, block, token))
                {
                    Record(roundA, roundB, a, b, rounds == 0);
                    rounds++;
                }
            }
            catch (Exception e) when (e is SideInterruptedException || (e is OperationCanceledException or SideFailedException && token.IsCancellationRequested))
            {
                reason = StopReason.Interrupted;
                break;
            }
            catch (SideFailedException e)
            {
                reason = StopReason.Failed;
                problem = e.Message;
                break;
            }

            var took = time.GetElapsedTime(roundStart) / block;
            slowest = took > slowest ? took : slowest;
            results = [.. a.Keys.Order(StringComparer.Ordinal).Select(k => AbJudge.Judge(k, a[k], b[k], options.Threshold))];
            progress($"round {rounds} ({took.TotalSeconds:0}s{(block > 1 ? " each" : "")}): " + string.Join(", ", results.GroupBy(r => r.Verdict).Select(g => $"{g.Count()} {Word(g.Key)}")));
            // The next block must fit in the budget as a whole: a sequential block cut short has no B for its A.
            reason = StopRule.After(rounds, results, time.GetElapsedTime(start), slowest * Block(options.Method, rounds, options.MaxRounds), options.Budget, options.MaxRounds);
        }

        return new RoundsOutcome(results, rounds, reason.Value, time.GetElapsedTime(start), problem);
    }

    /// <summary>Rounds measured before the next judgement: one, or for sequential every round up to the next look (at most to the last round allowed).</summary>
    public static int Block(AbMethod method, int rounds, int maxRounds) =>
        method == AbMethod.Sequential && ConfidenceSequence.NextLook(rounds) is int next ? Math.Max(1, Math.Min(next, maxRounds) - rounds) : 1;

    /// <summary>Measures <paramref name="block"/> rounds from round <paramref name="done"/> + 1, as the method schedules the sides.</summary>
    private static IEnumerable<(IReadOnlyDictionary<string, double> A, IReadOnlyDictionary<string, double> B)> MeasureBlock(
        MeasureSide measure, AbMethod method, int done, int block, CancellationToken token)
    {
        IReadOnlyDictionary<string, double> One(string side, int round)
        {
            token.ThrowIfCancellationRequested();
            return measure(side, round, token);
        }

        switch (method)
        {
            case AbMethod.Sequential:
                var a = Enumerable.Range(done + 1, block).Select(r => One("A", r)).ToList();
                var b = Enumerable.Range(done + 1, block).Select(r => One("B", r)).ToList();
                return a.Zip(b).ToList();
            case AbMethod.Duet:
                // Both processes at once; a failure of either is the round's (the first one's exception is rethrown as is).
                var sideA = Task.Run(() => One("A", done + 1), token);
                var sideB = Task.Run(() => One("B", done + 1), token);
                try
                {
                    Task.WaitAll([sideA, sideB], CancellationToken.None);
                }
                catch (AggregateException e)
                {
                    System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(e.InnerExceptions[0]).Throw();
                }

                return [(sideA.Result, sideB.Result)];
            default:
                bool aFirst = done % 2 == 0;
                var first = One(aFirst ? "A" : "B", done + 1);
                var second = One(aFirst ? "B" : "A", done + 1);
                return [aFirst ? (first, second) : (second, first)];
        }
    }

    /// <summary>A method's name, as <c>--method</c> takes it.</summary>
    public static string Word(AbMethod method) => method.ToString().ToLowerInvariant();

    /// <summary>The verdict's word in the summary.</summary>
    public static string Word(AbVerdict verdict) => verdict switch
    {
        AbVerdict.Slower => "slower",
        AbVerdict.Faster => "faster",
        AbVerdict.Same => "same",
        _ => "undecided",
    };

    private static void Record(IReadOnlyDictionary<string, double> roundA, IReadOnlyDictionary<string, double> roundB,
        Dictionary<string, List<double>> a, Dictionary<string, List<double>> b, bool first)
    {
        if (first)
        {
            // The benchmarks both sides have: one only in A or only in B has nothing to be compared with.
            foreach (string name in roundA.Keys.Where(roundB.ContainsKey))
            {
                a[name] = [];
                b[name] = [];
            }

            if (a.Count == 0)
            {
                throw new SideFailedException("A and B have no benchmark in common under this filter");
            }
        }

        foreach (string name in a.Keys)
        {
            if (!roundA.TryGetValue(name, out double va) || !roundB.TryGetValue(name, out double vb))
            {
                throw new SideFailedException($"{name} was not measured in every round (it failed; see the side's log)");
            }

            Debug.Assert(va > 0 && vb > 0, "BenchmarkDotNet reports positive means");
            a[name].Add(va);
            b[name].Add(vb);
        }
    }
}

/// <summary>A build or a side's process failed: the run ends with what it measured, exit code 1.</summary>
public sealed class SideFailedException(string message) : Exception(message);
