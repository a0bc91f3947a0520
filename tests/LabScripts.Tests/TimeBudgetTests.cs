using System.Text.RegularExpressions;

namespace LabScripts.Tests;

/// <summary>Each post's README states the time budget its hook declares: one number, two places, checked equal.</summary>
public partial class TimeBudgetTests
{
    // Every post run-all picks up (a folder of first-things-first/ with a lab-run.sh), so a new post cannot skip it.
    public static TheoryData<string> Posts => new(
        Directory.GetDirectories(Path.Combine(Bash.RepoRoot, "first-things-first"))
            .Where(dir => File.Exists(Path.Combine(dir, "lab-run.sh")))
            .Select(Path.GetFileName)
            .OfType<string>()
            .Order(StringComparer.Ordinal));

    [Theory]
    [MemberData(nameof(Posts))]
    public void The_readme_budget_is_the_hooks_estimate(string post)
    {
        string readme = File.ReadAllText(Path.Combine(Bash.RepoRoot, "first-things-first", post, "README.md"));
        var line = BudgetLine().Match(readme);

        line.Success.Should().BeTrue($"{post}/README.md has a 'Time budget' line");
        string hook = $"first-things-first/{post}/lab-run.sh";
        foreach (var (profile, group) in new[] { ("smoke", 1), ("quick", 2), ("full", 3) })
        {
            Seconds(line.Groups[group].Value).Should().Be(Hooks.Estimate(hook, profile), $"{post}'s {profile} budget");
        }
    }

    private static int Seconds(string minutesSeconds)
    {
        string[] parts = minutesSeconds.Split(':');
        return int.Parse(parts[0], System.Globalization.CultureInfo.InvariantCulture) * 60
            + int.Parse(parts[1], System.Globalization.CultureInfo.InvariantCulture);
    }

    // The durations are written as code (`0:45`): declared budgets, not measurements (the README numbers rule).
    [GeneratedRegex(@"Time budget on the 2-core reference machine, build excluded \(m:ss\): smoke `(\d+:\d\d)` · quick `(\d+:\d\d)` · full `(\d+:\d\d)`")]
    private static partial Regex BudgetLine();
}
