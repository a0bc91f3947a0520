using System.Diagnostics;

namespace FirstThingsFirst.Ab;

/// <summary>Measures one side once: the mean time (ns) of each benchmark, keyed by its full name.</summary>
public delegate IReadOnlyDictionary<string, double> MeasureSide(string side, int round, CancellationToken token);

/// <summary>The rounds measured so far and how they ended.</summary>
public sealed record RoundsOutcome(IReadOnlyList<AbResult> Results, int Rounds, StopReason Reason, TimeSpan Wall, string? Problem);

/// <summary>
/// Interleaved rounds: A then B in odd rounds, B then A in even ones (A B B A ...), so a drift of the machine over time
/// weighs on both sides alike; after each round every benchmark is judged and <see cref="StopRule"/> says whether to go on.
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
            try
            {
                string[] order = rounds % 2 == 0 ? ["A", "B"] : ["B", "A"];
                var measured = new Dictionary<string, IReadOnlyDictionary<string, double>>(StringComparer.Ordinal);
                foreach (string side in order)
                {
                    token.ThrowIfCancellationRequested();
                    measured[side] = measure(side, rounds + 1, token);
                }

                Record(measured["A"], measured["B"], a, b, rounds == 0);
                rounds++;
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

            var took = time.GetElapsedTime(roundStart);
            slowest = took > slowest ? took : slowest;
            results = [.. a.Keys.Order(StringComparer.Ordinal).Select(k => AbJudge.Judge(k, a[k], b[k], options.Threshold))];
            progress($"round {rounds} ({took.TotalSeconds:0}s): " + string.Join(", ", results.GroupBy(r => r.Verdict).Select(g => $"{g.Count()} {Word(g.Key)}")));
            reason = StopRule.After(rounds, results, time.GetElapsedTime(start), slowest, options.Budget, options.MaxRounds);
        }

        return new RoundsOutcome(results, rounds, reason.Value, time.GetElapsedTime(start), problem);
    }

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
