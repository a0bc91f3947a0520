using System.Globalization;
using System.Text;
using LabReport.Sections;
using MeasurementLab;

namespace LabReport.Planning;

/// <summary>
/// <c>plan &lt;run-folder&gt; --seconds-left S [--step-file FILE]</c>: judges the run so far and says what to measure
/// next (scripts/run-all.sh calls it after the first rounds, and again after every step, until it answers "stop").
/// </summary>
public static class PlanCommand
{
    /// <summary>Exit code when there is nothing more to measure (every claim decided, or none decidable in the time left).</summary>
    public const int StopExitCode = 3;

    /// <summary>The run's log of the plan's steps, at its root.</summary>
    public const string LogFile = "plan.md";

    /// <summary>Usage of the command.</summary>
    public const string Usage = """
        Usage: LabReport plan <run-folder> --seconds-left S [--step-file FILE]

        Judges every claim of the run so far and prints what to measure next: the undecided claim cheapest to decide (by
        its measured spread, the confidence sequence's rounds, and what a round of its cases took here), a few rounds of
        its cases, with the other undecided claims of the same cases' group when they add decisions faster than cost.
          --seconds-left S   the time the step may take (seconds, > 0)
          --step-file FILE   write the step for scripts/run-all.sh: a line "post<TAB>kind<TAB>group<TAB>first round<TAB>
                             rounds<TAB>seconds" (kind bdn or steps), then one case per line
        Appends the decision to plan.md in the run folder. Exit codes: 0 a step, 3 nothing more to measure, 2 bad input.
        """;

    /// <summary>Runs the command.</summary>
    public static int Run(IReadOnlyList<string> args, TextWriter output, TextWriter error)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(error);
        var options = new OptionReader(args);
        string? left = options.String("--seconds-left");
        string? stepFile = options.String("--step-file");
        options.EnsureAllConsumed(maxPositionals: 1);
        string folder = options.Positionals.FirstOrDefault() ?? throw new UsageException("plan needs a run folder, e.g. results/<machine>/<run>");
        if (left is null)
        {
            throw new UsageException("plan needs --seconds-left S, the time the next step may take");
        }

        if (!double.TryParse(left, NumberStyles.Float, CultureInfo.InvariantCulture, out double secondsLeft) || !(secondsLeft > 0) || !double.IsFinite(secondsLeft))
        {
            throw new UsageException($"--seconds-left must be a number of seconds above 0; got '{left}'");
        }

        var run = RunFolder.Open(folder);
        var published = PublishedNumbers.LoadDefault();
        var posts = ReportCommand.Judge(run, published);
        var plan = ClaimPlan.Of(run, posts, published);
        var undecided = plan.Claims.Where(c => c.Undecided).ToList();
        var step = plan.Planner.Next(plan.Claims, secondsLeft);
        string summary = step is null
            ? undecided.Count == 0
                ? $"every claim that rounds can decide is decided ({plan.Claims.Count} judged)"
                : $"{undecided.Count} claim(s) undecided, none decidable in the {Seconds(secondsLeft)} left: {string.Join(", ", undecided.Select(c => c.Id))}"
            : $"{undecided.Count} claim(s) undecided; next: {Describe(step, plan)}";
        output.WriteLine(summary);
        Log(run, secondsLeft, summary);
        if (step is null)
        {
            return StopExitCode;
        }

        if (stepFile is not null)
        {
            var unit = plan.Unit(step.Unit);
            var text = new StringBuilder();
            text.Append(CultureInfo.InvariantCulture, $"{unit.Post}\t{(unit.Steps ? "steps" : "bdn")}\t{unit.Group}\t{plan.Costs.NextRound(unit)}\t{step.Rounds}\t{step.Seconds:0}\n");
            foreach (string c in step.Cases)
            {
                text.Append(c).Append('\n');
            }

            File.WriteAllText(stepFile, text.ToString());
        }

        return 0;
    }

    // "post 2's E3 (and E4), 3 rounds of 2 cases, about 0:40".
    private static string Describe(LabRounds.PlanStep step, ClaimPlan plan)
    {
        var unit = plan.Unit(step.Unit);
        var ids = step.Claims.Select(c => c[(c.IndexOf('/', StringComparison.Ordinal) + 1)..]).ToList();
        string claims = ids.Count == 1 ? ids[0] : $"{ids[0]} (with {string.Join(", ", ids.Skip(1))})";
        string where = unit.Group.Length > 0 ? $" ({unit.Group})" : "";
        return $"{unit.Post}'s {claims}{where}, {step.Rounds} round{(step.Rounds == 1 ? "" : "s")} of {step.Cases.Count} case{(step.Cases.Count == 1 ? "" : "s")}, about {Seconds(step.Seconds)}";
    }

    private static string Seconds(double seconds) => TimeSpan.FromSeconds(Math.Max(0, Math.Round(seconds))).ToString(@"m\:ss", CultureInfo.InvariantCulture);

    private static void Log(RunFolder run, double secondsLeft, string summary)
    {
        string path = Path.Combine(run.Path, LogFile);
        if (!File.Exists(path))
        {
            File.WriteAllText(path, "# The run's plan\n\nAfter the first rounds, scripts/run-all.sh asks `LabReport plan` what to measure next, until it answers stop " +
                "or the budget ends. Each line: the time left, what it decided.\n\n");
        }

        File.AppendAllText(path, $"- {Seconds(secondsLeft)} left: {summary}\n");
    }
}
