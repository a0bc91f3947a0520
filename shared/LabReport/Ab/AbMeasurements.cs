using LabRounds;

namespace LabReport.Ab;

/// <summary>
/// Everything a run measured, as it arrives: every side's process (for sides.tsv and the progress estimate) and, per
/// benchmark, each side's value by round (the rounds engine's <see cref="RoundMeasurements{TSide}"/>, which pairs them)
/// and its iterations (pooled by the sequential method's Mann-Whitney test). Filled while the run goes, so a run stopped
/// by Ctrl-C or a failure still reports what it measured.
/// </summary>
public sealed class AbMeasurements
{
    private readonly object _gate = new();
    private readonly List<SideRun> _runs = [];
    private readonly Dictionary<string, RoundMeasurements<string>> _byBenchmark = new(StringComparer.Ordinal);
    private readonly Dictionary<(string Key, string Side), List<double>> _iterations = [];

    /// <summary>Every side's process so far, in the order they finished.</summary>
    public IReadOnlyList<SideRun> Runs
    {
        get
        {
            lock (_gate)
            {
                return [.. _runs];
            }
        }
    }

    /// <summary>The benchmarks measured so far, in key order.</summary>
    public IReadOnlyList<string> Benchmarks
    {
        get
        {
            lock (_gate)
            {
                return [.. _byBenchmark.Keys.Order(StringComparer.Ordinal)];
            }
        }
    }

    /// <summary>Records one side's process.</summary>
    public void Add(SideRun run)
    {
        ArgumentNullException.ThrowIfNull(run);
        lock (_gate)
        {
            _runs.Add(run);
            foreach (var (key, sample) in run.Samples)
            {
                if (!_byBenchmark.TryGetValue(key, out var rounds))
                {
                    _byBenchmark[key] = rounds = new RoundMeasurements<string>();
                }

                rounds.Add(run.Task.Side.Name, run.Task.Round, sample.MeanNs);
                if (!_iterations.TryGetValue((key, run.Task.Side.Name), out var pooled))
                {
                    _iterations[(key, run.Task.Side.Name)] = pooled = [];
                }

                pooled.AddRange(sample.Iterations);
            }
        }
    }

    /// <summary>A benchmark's values by side and round.</summary>
    public RoundMeasurements<string> Of(string key)
    {
        lock (_gate)
        {
            return _byBenchmark.TryGetValue(key, out var rounds) ? rounds : new RoundMeasurements<string>();
        }
    }

    /// <summary>A benchmark's iterations of one side, pooled over its rounds.</summary>
    public IReadOnlyList<double> Iterations(string key, string side)
    {
        lock (_gate)
        {
            return _iterations.TryGetValue((key, side), out var pooled) ? [.. pooled] : [];
        }
    }

    /// <summary>Rounds in which both sides finished.</summary>
    public int CompleteRounds
    {
        get
        {
            var runs = Runs;
            return runs.Where(r => r.Task.Side.Name == "A").Select(r => r.Task.Round)
                .Intersect(runs.Where(r => r.Task.Side.Name == "B").Select(r => r.Task.Round)).Count();
        }
    }
}
