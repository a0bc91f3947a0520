using MeasurementLab;

namespace LabReport.Ab;

/// <summary>
/// ab's progress on standard error, through the lab's <see cref="ProgressReporter"/>: one line as each process starts,
/// saying the round, the side, how long the previous process took, the time so far and an estimate of what remains
/// (from the processes so far, or from the budget).
/// </summary>
public sealed class AbProgress
{
    private readonly ProgressReporter _reporter;
    private readonly int _rounds;
    private readonly bool _byBudget;
    private readonly object _gate = new();
    private readonly List<string> _finished = [];

    /// <summary>Progress of a run of <paramref name="rounds"/> rounds (the most, with a budget) of two processes each.</summary>
    public AbProgress(TextWriter error, int rounds, TimeSpan? budget, TimeProvider time)
    {
        _rounds = rounds;
        _byBudget = budget is not null;
        _reporter = new ProgressReporter(error, "ab", budget?.TotalSeconds ?? rounds * 2.0, budget, time);
    }

    /// <summary>Restarts the clock once the builds are done: they say nothing about the rounds to come.</summary>
    public void Restart() => _reporter.Restart();

    /// <summary>The line before a round's side (or both sides, in a duet) starts.</summary>
    public void Starting(int round, IReadOnlyList<Side> sides, AbMeasurements so)
    {
        ArgumentNullException.ThrowIfNull(sides);
        ArgumentNullException.ThrowIfNull(so);
        string which = sides.Count == 1 ? $"{sides[0].Name} running" : "A and B running together";
        string previous;
        lock (_gate)
        {
            previous = _finished.Count == 0 ? "" : $" ({string.Join(", ", _finished)})";
            _finished.Clear();
        }

        double done = _byBudget ? _reporter.Elapsed.TotalSeconds : so.Runs.Count;
        _reporter.Report(done, $"round {round}{(_byBudget ? "" : $"/{_rounds}")}: {which}{previous}", force: true);
    }

    /// <summary>Remembers a finished process: its time shows in the next line.</summary>
    public void Finished(SideRun run)
    {
        ArgumentNullException.ThrowIfNull(run);
        string cpu = run.Task.Cpu is { } c ? $" on CPU {c}" : "";
        lock (_gate)
        {
            _finished.Add($"{run.Task.Side.Name}{cpu} took {DurationFormat.Rough(run.Wall)}");
        }
    }

    /// <summary>A line at once.</summary>
    public void Announce(string message) => _reporter.Announce(message);

    /// <summary>The closing line.</summary>
    public void Finish(string message) => _reporter.Finish(message);
}
