namespace LabScripts.Tests;

/// <summary>scripts/profile.sh, scripts/capture-env.sh and scripts/machine-id.sh: help, wrong inputs, missing tools.</summary>
public class OtherScriptTests
{
    [Theory]
    [InlineData("scripts/profile.sh")]
    [InlineData("scripts/capture-env.sh")]
    [InlineData("scripts/machine-id.sh")]
    public void Help_exits_zero_and_shows_usage(string script)
    {
        var result = Bash.Run(script, ["--help"]);

        result.ExitCode.Should().Be(0, result.ToString());
        result.Stdout.Should().StartWith("Usage: " + script);
    }

    [Theory]
    [InlineData(new string[0], "no command to profile")]
    [InlineData(new[] { "--bogus", "--", "true" }, "unknown argument '--bogus'")]
    [InlineData(new[] { "--frequency", "fast", "--", "true" }, "--frequency must be a whole number from 1 to 10000 (got 'fast')")]
    [InlineData(new[] { "--frequency", "-5", "--", "true" }, "--frequency must be a whole number from 1 to 10000 (got '-5')")]
    [InlineData(new[] { "--frequency", "0", "--", "true" }, "--frequency must be from 1 to 10000 (got '0')")]
    [InlineData(new[] { "--frequency", "99999", "--", "true" }, "--frequency must be from 1 to 10000 (got '99999')")]
    [InlineData(new[] { "--frequency" }, "--frequency needs a value")]
    [InlineData(new[] { "--out" }, "--out needs a value")]
    [InlineData(new[] { "--out", "/proc/ftf/profile", "--", "true" }, "--out '/proc/ftf/profile' cannot be created")]
    public void Profile_wrong_inputs_are_one_line_usage_errors(string[] args, string message) =>
        Bash.Run("scripts/profile.sh", args).ShouldBeUsageError(message);

    [Fact]
    public void Profile_without_perf_says_what_to_install_and_exits_3()
    {
        using var path = new PathWithout(["perf"]);
        using var outDir = new TempDirectory();

        var result = Bash.Run("scripts/profile.sh", ["--out", outDir.Path, "--", "true"], path.Environment);

        result.ExitCode.Should().Be(3, result.ToString());
        result.Stderr.Should().Contain("perf is not installed").And.Contain("apt-get install");
    }

    [Theory]
    [InlineData(new[] { "--bogus" }, "unknown argument '--bogus'")]
    [InlineData(new[] { "extra" }, "unknown argument 'extra'")]
    [InlineData(new[] { "--run-dir" }, "--run-dir needs a")]
    public void Capture_env_wrong_inputs_are_one_line_usage_errors(string[] args, string message) =>
        Bash.Run("scripts/capture-env.sh", args).ShouldBeUsageError(message);

    [Fact]
    public void Capture_env_names_the_hypervisor_of_a_guest_even_when_lscpu_does_not()
    {
        // lscpu leaves "Hypervisor vendor" empty on guests whose CPUID signature it does not know (the PVM
        // guests of this lab); a guest must still not be recorded as bare metal.
        var guest = File.ReadLines("/proc/cpuinfo").Any(l => l.StartsWith("flags", StringComparison.Ordinal) && l.Split(' ').Contains("hypervisor"));

        var result = Bash.Run("scripts/capture-env.sh", ["--no-disk"]);

        result.ExitCode.Should().Be(0, result.ToString());
        var row = result.Stdout.Split('\n').Single(l => l.StartsWith("| hypervisor |", StringComparison.Ordinal));
        if (guest)
            row.Should().NotContain("none detected");
        else
            row.Should().NotContain("hypervisor flag");
    }

    [Fact]
    public void Capture_env_calls_code_changes_uncommitted_but_not_a_runs_own_results()
    {
        // A run writes into results/ of the checkout it runs from, and a rerun replaces a committed folder of the same
        // name: those are outputs. A change anywhere else is code the run did not commit.
        using var copy = new TempDirectory("lab-capture-git-");
        string git = "git -c user.email=lab@example.invalid -c user.name=lab";
        var result = Bash.Code($$"""
            cp -r scripts Directory.Packages.props '{{copy.Path}}/'
            cd '{{copy.Path}}'
            {{git}} init -q . && mkdir -p results/m/run && echo old > results/m/run/report.md
            {{git}} add -A && {{git}} commit -qm base
            commit_row() { scripts/capture-env.sh --no-disk | grep '^| git commit |'; }
            rm results/m/run/report.md && echo new > results/m/run/timings.md
            echo "after a run: $(commit_row)"
            echo '<!-- edited -->' >> Directory.Packages.props
            echo "after an edit: $(commit_row)"
            """);

        result.ExitCode.Should().Be(0, result.ToString());
        result.Stdout.Should().MatchRegex(@"after a run: \| git commit \| [0-9a-f]{7,} \|\n")
            .And.MatchRegex(@"after an edit: \| git commit \| [0-9a-f]{7,} \(with uncommitted changes to the code\) \|");
    }

    [Fact]
    public void Capture_env_says_whether_the_kernels_own_reclaim_is_running()
    {
        var result = Bash.Run("scripts/capture-env.sh", ["--no-disk"]);

        result.ExitCode.Should().Be(0, result.ToString());
        var rows = result.Stdout.Split('\n');
        string damon = rows.Single(l => l.StartsWith("| kernel memory reclaim (DAMON) | ", StringComparison.Ordinal));
        bool running = Directory.Exists("/sys/kernel/mm/damon/admin/kdamonds")
            && Directory.EnumerateDirectories("/sys/kernel/mm/damon/admin/kdamonds")
                .Any(k => File.Exists(Path.Combine(k, "state")) && File.ReadAllText(Path.Combine(k, "state")).Trim() == "on");
        if (running)
            damon.Should().MatchRegex(@"kdamond \d+ on \(");
        else
            damon.Should().NotContain(" on (");
    }

    [Theory]
    [InlineData("--bogus")]
    [InlineData("extra")]
    public void Machine_id_takes_no_arguments(string arg) =>
        Bash.Run("scripts/machine-id.sh", [arg]).ShouldBeUsageError($"unknown argument '{arg}'");

    [Fact]
    public void Machine_id_is_a_stable_slug()
    {
        var first = Bash.Run("scripts/machine-id.sh", []);
        var second = Bash.Run("scripts/machine-id.sh", []);

        first.ExitCode.Should().Be(0, first.ToString());
        first.Stdout.Trim().Should().MatchRegex("^[a-z0-9-]+-[0-9]+c(-vm)?").And.Be(second.Stdout.Trim());
    }
}
