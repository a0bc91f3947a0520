using System.Text.RegularExpressions;

namespace EnemiesOfMeasurement.Tests;

/// <summary>
/// The E3 script with a fake, fast benchmark (its --bench-cmd contract): the busy loops, the pinning, the
/// comparison and above all the cleanup are the script's own, exercised for real. Every process the script starts
/// inherits a unique environment token, so a leftover busy loop or benchmark is found wherever it was reparented.
/// </summary>
public sealed partial class NoisyVsIsolatedScriptTests : IDisposable
{
    private const string Script = "first-things-first/enemies-of-measurement/Scripts/noisy-vs-isolated.sh";
    private const string TokenName = "ENEMIES_E3_TEST_TOKEN";
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(60);

    private readonly string _work = Directory.CreateTempSubdirectory("enemies-e3-test-").FullName;
    private readonly string _token = Guid.NewGuid().ToString("N");

    public NoisyVsIsolatedScriptTests()
    {
        Directory.CreateDirectory(RunDir);
        File.WriteAllText(Path.Combine(_work, "fake-bench.sh"), FakeBenchScript);
    }

    private string FakeBench => "bash " + Path.Combine(_work, "fake-bench.sh");

    private string Marker => Path.Combine(_work, "bench-started");

    private string RunDir => Path.Combine(_work, "run");

    public void Dispose()
    {
        foreach (int pid in Bash.ProcessesWithEnvironment(TokenName, _token))
        {
            try { System.Diagnostics.Process.GetProcessById(pid).Kill(); } catch (ArgumentException) { } catch (InvalidOperationException) { }
        }

        Directory.Delete(_work, recursive: true);
    }

    [Fact]
    public void Help_describes_both_runs_and_the_options()
    {
        using var run = Bash.Start(Script, ["--help"], Environment());

        run.WaitForExit(Timeout).Should().Be(0);
        run.StandardOutput.Should().Contain("taskset -c CPU").And.Contain("--max-seconds").And.Contain("--bench-cmd")
            .And.Contain("busy loop");
    }

    [Theory]
    [InlineData(new[] { "--loopz", "2" }, "unknown argument '--loopz' (BenchmarkDotNet arguments go after --)")]
    [InlineData(new[] { "stray" }, "unknown argument 'stray'")]
    [InlineData(new[] { "--loops", "0" }, "--loops must be from 1 to 1024 (got '0')")]
    [InlineData(new[] { "--loops", "two" }, "--loops must be a whole number from 1 to 1024 (got 'two')")]
    [InlineData(new[] { "--loops", "-2" }, "--loops must be a whole number from 1 to 1024 (got '-2')")]
    [InlineData(new[] { "--loops", "99999999999" }, "--loops must be a whole number from 1 to 1024")]
    [InlineData(new[] { "--max-seconds", "soon" }, "--max-seconds must be a whole number from 1 to 86400 (got 'soon')")]
    [InlineData(new[] { "--max-seconds", "0" }, "--max-seconds must be from 1 to 86400 (got '0')")]
    [InlineData(new[] { "--cpu", "-1" }, "--cpu must be a whole number from 0 to 4095 (got '-1')")]
    [InlineData(new[] { "--cpu", "4096" }, "--cpu must be from 0 to 4095 (got '4096')")]
    [InlineData(new[] { "--cpu", "4000" }, "--cpu 4000: no such CPU here")]
    [InlineData(new[] { "--out" }, "--out needs a value")]
    [InlineData(new[] { "--bench-cmd" }, "--bench-cmd needs a value")]
    [InlineData(new[] { "--rounds", "0" }, "--rounds must be from 1 to 40 (got '0')")]
    [InlineData(new[] { "--rounds", "x" }, "--rounds must be a whole number from 1 to 40 (got 'x')")]
    [InlineData(new[] { "--out", "/proc/ftf/e3" }, "--out '/proc/ftf/e3' cannot be created")]
    public void Wrong_inputs_are_one_line_usage_errors_and_start_nothing(string[] args, string message)
    {
        using var run = Bash.Start(Script, ["--bench-cmd", FakeBench, .. args], Environment());

        var result = run.Result(Timeout);

        result.ExitCode.Should().Be(2, result.ToString());
        result.StderrLines.Should().ContainSingle(result.ToString()).Which.Should().StartWith("error: ").And.Contain(message).And.Contain("--help");
        File.Exists(Marker).Should().BeFalse("a wrong input is reported before the long runs start");
    }

    [Fact]
    public void Missing_taskset_says_what_to_install_and_starts_nothing()
    {
        string bin = Path.Combine(_work, "bin-without-taskset");
        Directory.CreateDirectory(bin);
        foreach (string dir in new[] { "/usr/local/bin", "/usr/bin", "/bin" }.Where(Directory.Exists))
        {
            foreach (string tool in Directory.GetFiles(dir))
            {
                string link = Path.Combine(bin, Path.GetFileName(tool));
                if (Path.GetFileName(tool) != "taskset" && !File.Exists(link))
                {
                    File.CreateSymbolicLink(link, tool);
                }
            }
        }

        var env = Environment();
        env["PATH"] = bin;
        using var run = Bash.Start(Script, ["--bench-cmd", FakeBench], env);

        run.WaitForExit(Timeout).Should().Be(3);
        run.StandardError.Should().Contain("taskset is not installed").And.Contain("util-linux");
        File.Exists(Marker).Should().BeFalse("nothing may run when a tool is missing");
    }

    [Fact]
    public void Normal_run_pins_the_second_run_prints_the_comparison_and_leaves_nothing_behind()
    {
        string outDir = Path.Combine(_work, "out");
        using var run = Bash.Start(Script,
            ["--bench-cmd", FakeBench, "--loops", "2", "--max-seconds", "60", "--out", outDir, "--", "--fake-bdn-arg"],
            Environment(fakeSleep: "0.3"));

        run.WaitForExit(Timeout).Should().Be(0, run.StandardError);

        var loops = AnnouncedLoops(run.StandardError);
        loops.Should().HaveCount(2);
        loops.Should().OnlyContain(pid => !Directory.Exists($"/proc/{pid}"), "every busy loop is stopped");
        Bash.ProcessesWithEnvironment(TokenName, _token).Should().BeEmpty("no process the script started may survive it");
        Directory.GetFileSystemEntries(RunDir).Should().BeEmpty("the script's private run directory is removed");

        // The fake reports 0.945/0.583 ms when it may use several CPUs and 0.250/0.254 ms when pinned to one,
        // so the ratios prove the second run really ran under taskset.
        run.StandardOutput.Should().Contain("| InsertBaseline | 18.95 ms | 0.945 ms | 12.98 ms | 0.250 ms | +46.0% | 3.78x |");
        run.StandardOutput.Should().Contain("| InsertSame | 18.11 ms | 0.583 ms | 13.17 ms | 0.254 ms | +37.5% | 2.30x |");
        File.ReadAllText(Path.Combine(_work, "bench-args")).Should().Contain("--fake-bdn-arg", "BenchmarkDotNet arguments pass through");
        File.ReadAllText(Path.Combine(outDir, "comparison.md")).Should().Contain("3.78x");
        File.Exists(Path.Combine(outDir, "noisy", "EnemiesOfMeasurement.E3_OsNoise-report.csv")).Should().BeTrue();
        File.Exists(Path.Combine(outDir, "isolated", "EnemiesOfMeasurement.E3_OsNoise-report.csv")).Should().BeTrue();
    }

    [Fact]
    public void In_rounds_the_pair_runs_once_per_round_alternating_which_comes_first_and_each_round_keeps_its_reports()
    {
        string outDir = Path.Combine(_work, "out");
        using var run = Bash.Start(Script,
            ["--bench-cmd", FakeBench, "--loops", "2", "--max-seconds", "60", "--rounds", "3", "--out", outDir],
            Environment(fakeSleep: "0.1"));

        run.WaitForExit(Timeout).Should().Be(0, run.StandardError);

        var starts = run.StandardError.Split('\n').Where(l => l.Contains("round ", StringComparison.Ordinal) && l.Contains("run ", StringComparison.Ordinal))
            .Select(l => l.Contains("(noisy)", StringComparison.Ordinal) ? "noisy" : "isolated").ToList();
        starts.Should().Equal("noisy", "isolated", "isolated", "noisy", "noisy", "isolated");
        for (int round = 1; round <= 3; round++)
        {
            foreach (string side in new[] { "noisy", "isolated" })
            {
                File.Exists(Path.Combine(outDir, side, $"round-{round}", "EnemiesOfMeasurement.E3_OsNoise-report.csv")).Should().BeTrue();
            }
        }

        File.ReadAllText(Path.Combine(outDir, "comparison.md")).Should().Contain("## Round 3 of 3").And.Contain("--rounds 3");
        Bash.ProcessesWithEnvironment(TokenName, _token).Should().BeEmpty();
        Directory.GetFileSystemEntries(RunDir).Should().BeEmpty();
    }

    [Theory]
    [InlineData("INT", 130)]
    [InlineData("TERM", 143)]
    public void Interrupted_mid_run_it_stops_every_loop_and_the_benchmark(string signal, int expectedExit)
    {
        using var run = Bash.Start(Script,
            ["--bench-cmd", FakeBench, "--loops", "2", "--max-seconds", "300"],
            Environment(fakeSleep: "180")); // far longer than the wait below: only the signal can end it in time
        // The announcement reaches us through an asynchronous pipe reader, possibly after the marker file.
        WaitFor(() => File.Exists(Marker) && LoopPids().IsMatch(run.StandardError), "the noisy run to start");
        var loops = AnnouncedLoops(run.StandardError);
        loops.Should().HaveCount(2);
        loops.Should().OnlyContain(pid => Directory.Exists($"/proc/{pid}"), "the loops run while the benchmark does");

        run.Signal(signal);

        run.WaitForExit(TimeSpan.FromSeconds(60)).Should().Be(expectedExit);
        loops.Should().OnlyContain(pid => !Directory.Exists($"/proc/{pid}"));
        WaitFor(() => Bash.ProcessesWithEnvironment(TokenName, _token).Count == 0, "every started process to be gone");
        Directory.GetFileSystemEntries(RunDir).Should().BeEmpty();
    }

    [Fact]
    public void A_failing_benchmark_still_stops_the_loops()
    {
        using var run = Bash.Start(Script,
            ["--bench-cmd", FakeBench, "--loops", "2", "--max-seconds", "60"],
            Environment(fakeSleep: "0.2", fakeExit: "7"));

        run.WaitForExit(Timeout).Should().Be(1);
        run.StandardError.Should().Contain("the noisy run failed");
        AnnouncedLoops(run.StandardError).Should().OnlyContain(pid => !Directory.Exists($"/proc/{pid}"));
        Bash.ProcessesWithEnvironment(TokenName, _token).Should().BeEmpty();
    }

    private Dictionary<string, string> Environment(string fakeSleep = "0.2", string fakeExit = "0") => new()
    {
        [TokenName] = _token,
        ["FTF_RUN_DIR"] = RunDir,
        ["FAKE_MARKER"] = Marker,
        ["FAKE_ARGS_FILE"] = Path.Combine(_work, "bench-args"),
        ["FAKE_SLEEP"] = fakeSleep,
        ["FAKE_EXIT"] = fakeExit,
        ["E3_BENCH_CMD"] = "",
    };

    private static List<int> AnnouncedLoops(string stderr)
    {
        var match = LoopPids().Match(stderr);
        match.Success.Should().BeTrue("the script announces its busy loops: " + stderr);
        return match.Groups[1].Value.Split(' ', StringSplitOptions.RemoveEmptyEntries).Select(int.Parse).ToList();
    }

    private static void WaitFor(Func<bool> condition, string what)
    {
        var deadline = DateTime.UtcNow + Timeout;
        while (!condition())
        {
            if (DateTime.UtcNow > deadline)
            {
                throw new TimeoutException("timed out waiting for " + what);
            }

            Thread.Sleep(50);
        }
    }

    [GeneratedRegex(@"started \d+ busy loops \(pids ([0-9 ]+)\)")]
    private static partial Regex LoopPids();

    // Honours the script's contract (--artifacts DIR first, a CSV under DIR/results) and reports a different
    // noise level when it is confined to a single CPU, which only the isolated run's taskset does.
    private const string FakeBenchScript = """
        #!/usr/bin/env bash
        set -euo pipefail
        [ "$1" = --artifacts ] || { echo "fake: expected --artifacts first, got: $*" >&2; exit 9; }
        dir=$2
        printf '%s\n' "$*" >> "$FAKE_ARGS_FILE"
        printf '%s\n' "$$" >> "$FAKE_MARKER"
        sleep "$FAKE_SLEEP"
        [ "$FAKE_EXIT" = 0 ] || exit "$FAKE_EXIT"
        allowed=$(awk '/^Cpus_allowed_list/ {print $2}' /proc/self/status)
        if [[ $allowed =~ ^[0-9]+$ ]]; then
          m1="12.98 ms"; s1="0.250 ms"; m2="13.17 ms"; s2="0.254 ms"
        else
          m1="18.95 ms"; s1="0.945 ms"; m2="18.11 ms"; s2="0.583 ms"
        fi
        mkdir -p "$dir/results"
        {
          echo "Method,Job,Mean,Error,StdDev,Ratio"
          echo "InsertBaseline,Job-FAKE,$m1,\"1,000.5 ms\",$s1,1.00"
          echo "InsertSame,Job-FAKE,$m2,0.1 ms,$s2,0.96"
        } > "$dir/results/EnemiesOfMeasurement.E3_OsNoise-report.csv"
        """;
}
