using System.Text.RegularExpressions;

namespace LabScripts.Tests;

/// <summary>scripts/run-all.sh: its command line and its plan. Full runs are the lab's main job, not a test.</summary>
public sealed partial class RunAllTests : IDisposable
{
    private const string Script = "scripts/run-all.sh";
    private readonly string _work = Directory.CreateTempSubdirectory("lab-run-all-test-").FullName;

    public void Dispose() => Directory.Delete(_work, recursive: true);

    [Fact]
    public void Help_explains_profiles_posts_and_exit_codes()
    {
        var result = Bash.Run(Script, ["--help"]);

        result.ExitCode.Should().Be(0);
        result.Stdout.Should().StartWith("Usage: scripts/run-all.sh").And.Contain("--profile smoke").And.Contain("--list")
            .And.Contain("Exit codes");
    }

    [Theory]
    [InlineData(new[] { "--frobnicate" }, "unknown argument '--frobnicate'")]
    [InlineData(new[] { "bogus" }, "unknown argument 'bogus'")]
    [InlineData(new[] { "--profile", "fast" }, "--profile must be smoke, quick or full (got 'fast')")]
    [InlineData(new[] { "--profile=" }, "--profile must be smoke, quick or full (got '')")]
    [InlineData(new[] { "--profile" }, "--profile needs a value")]
    [InlineData(new[] { "--out" }, "--out needs a value")]
    [InlineData(new[] { "--post" }, "--post needs a value")]
    [InlineData(new[] { "--post", "no-such-post" }, "--post 'no-such-post' is not a post (known: engine ")]
    [InlineData(new[] { "--out", "/proc/ftf/results" }, "--out '/proc/ftf/results' cannot be created")]
    [InlineData(new[] { "--out", "/proc/self/status" }, "--out '/proc/self/status' exists and is not a directory")]
    [InlineData(new[] { "--budget" }, "--budget needs a value")]
    [InlineData(new[] { "--budget", "-5" }, "--budget must be a duration such as 600, 90s, 10m, 1h, 9:30 or 1:00:00 (got '-5')")]
    [InlineData(new[] { "--budget=9:75" }, "--budget must be a duration such as 600, 90s, 10m, 1h, 9:30 or 1:00:00 (got '9:75')")]
    [InlineData(new[] { "--profile", "smoke", "--budget", "4m" }, "--budget applies to the quick and full profiles (smoke runs every benchmark once, no planner)")]
    [InlineData(new[] { "--rounds", "5" }, "unknown argument '--rounds'")]
    [InlineData(new[] { "--seed" }, "--seed needs a value")]
    [InlineData(new[] { "--seed", "seven" }, "--seed must be a whole number of at most 18 digits (got 'seven')")]
    [InlineData(new[] { "--seed=1234567890123456789" }, "--seed must be a whole number of at most 18 digits (got '1234567890123456789')")]
    public void Wrong_inputs_are_one_line_usage_errors(string[] args, string message) =>
        Bash.Run(Script, args).ShouldBeUsageError(message);

    [Fact]
    public void A_results_directory_that_already_holds_a_run_is_refused_so_runs_never_mix()
    {
        File.WriteAllText(Path.Combine(_work, "environment.md"), "an earlier run\n");

        Bash.Run(Script, ["--out", _work]).ShouldBeUsageError("already holds files");
    }

    [Theory]
    [InlineData("smoke")]
    [InlineData("quick")]
    [InlineData("full")]
    public void The_plan_lists_every_post_in_run_order_with_the_hooks_estimates_and_their_total(string profile)
    {
        var result = Bash.Run(Script, ["--list", "--profile", profile]);

        result.ExitCode.Should().Be(0, result.ToString());
        var rows = PlanRow().Matches(result.Stdout).ToDictionary(m => m.Groups[1].Value.Trim().Replace(", first rounds", "", StringComparison.Ordinal), m => Seconds(m.Groups[2].Value));
        string[] posts = ["engine", "why-benchmarks-lie", "enemies-of-measurement", "coordinated-omission", "statistics-that-matter", "hardware-counters"];
        rows.Keys.Where(posts.Contains).Should().Equal(posts, "the engine runs first, then the posts in order");
        foreach (string hook in Hooks.All)
        {
            string name = hook.StartsWith("shared/", StringComparison.Ordinal) ? "engine" : hook.Split('/')[1];
            rows[name].Should().Be(Hooks.Estimate(hook, profile), name + "'s estimate comes from its hook");
        }

        int total = Seconds(TotalRow().Match(result.Stdout).Groups[1].Value);
        int first = rows.Where(r => !r.Key.StartsWith("**", StringComparison.Ordinal) && !r.Key.StartsWith("planner", StringComparison.Ordinal)).Sum(r => r.Value);
        int budget = profile switch { "quick" => 600, "full" => 1800, _ => 0 };
        total.Should().Be(Math.Max(first, budget), "the run is its budget when the planner has time left in it, else its first rounds");
    }

    [Fact]
    public void The_plan_of_chosen_posts_keeps_run_order_and_runs_nothing()
    {
        var result = Bash.Run(Script, ["--list", "--post", "hardware-counters", "--post", "engine", "--out", Path.Combine(_work, "never")]);

        result.ExitCode.Should().Be(0, result.ToString());
        result.Stdout.Should().Contain("2 post(s)");
        result.Stdout.IndexOf("| engine, first rounds |", StringComparison.Ordinal).Should().BeGreaterThan(0)
            .And.BeLessThan(result.Stdout.IndexOf("| hardware-counters, first rounds |", StringComparison.Ordinal));
        result.Stdout.Should().NotContain("why-benchmarks-lie");
        Directory.Exists(Path.Combine(_work, "never")).Should().BeFalse();
    }

    private static int Seconds(string duration)
    {
        int total = 0;
        foreach (string part in duration.Trim().Trim('*').Split(':'))
        {
            total = total * 60 + int.Parse(part, System.Globalization.CultureInfo.InvariantCulture);
        }

        return total;
    }

    [GeneratedRegex(@"^\| ([^|*]+) \| ([0-9:]+) \|$", RegexOptions.Multiline)]
    private static partial Regex PlanRow();

    [GeneratedRegex(@"^\| \*\*total[^|]*\*\* \| \*\*([0-9:]+)\*\* \|$", RegexOptions.Multiline)]
    private static partial Regex TotalRow();
}
