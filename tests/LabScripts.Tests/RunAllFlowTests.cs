using System.Diagnostics;
using System.Globalization;

namespace LabScripts.Tests;

/// <summary>
/// scripts/run-all.sh from start to end in a fake repository: the real scripts/ folder, posts whose hooks are small
/// scripts, and a fake `dotnet` on PATH for the build and the report. Shows the order, the plan, the progress after
/// each post, the summary table, failures, the report step and an interrupt, without building or benchmarking.
/// </summary>
public sealed class RunAllFlowTests : IDisposable
{
    private readonly TempDirectory _repo = new("lab-fake-repo-");
    private readonly string _bin;
    private readonly string _out;

    public RunAllFlowTests()
    {
        CopyDirectory(Path.Combine(Bash.RepoRoot, "scripts"), Path.Combine(_repo.Path, "scripts"));
        File.WriteAllText(Path.Combine(_repo.Path, "companion-code.sln"), "");
        File.WriteAllText(Path.Combine(_repo.Path, "Directory.Packages.props"), "<PackageVersion Include=\"BenchmarkDotNet\" Version=\"0.15.8\" />\n");
        Post("shared/StorageEngine.Benchmarks");
        Post("first-things-first/why-benchmarks-lie");
        Post("first-things-first/hand-rolled-harness");
        Post("first-things-first/zz-new-post");
        _bin = Path.Combine(_repo.Path, "fake-bin");
        Directory.CreateDirectory(_bin);
        Bash.WriteExecutable(Path.Combine(_bin, "dotnet"), """
            #!/usr/bin/env bash
            case "$1" in
              build) echo "fake build"; exit "${FAKE_BUILD_RC:-0}" ;;
              run) out="${*: -1}"; echo "# report" > "$out/report.md"; echo "<html></html>" > "$out/report.html"; exit 0 ;;
              *) exit 0 ;;
            esac
            """);
        _out = Path.Combine(_repo.Path, "results");
    }

    public void Dispose() => _repo.Dispose();

    [Fact]
    public void Posts_run_in_order_with_the_plan_progress_and_a_summary()
    {
        var result = RunAll();

        result.ExitCode.Should().Be(0, result.ToString());
        string[] order = ["engine", "hand-rolled-harness", "why-benchmarks-lie", "zz-new-post"];
        File.ReadAllLines(Path.Combine(_repo.Path, "calls")).Should().Equal(order.Select(p => $"{p} quick {Path.Combine(_out, p)}"));
        result.Stdout.Should().Contain("| engine, first rounds | 0:07 |").And.Contain("| **total** | **1:08** |", "40 s of build and 4 posts of 7 s");
        result.Stderr.Should().Contain("==> [1/4] engine (estimate 0:07)")
            .And.Contain("==> engine: ok in 0:0").And.Contain("(estimate 0:07); 3 post(s) left")
            .And.Contain("==> zz-new-post: ok in 0:0").And.Contain("(estimate 0:07); 0 post(s) left");
        string timings = File.ReadAllText(Path.Combine(_out, "timings.md"));
        timings.Should().Contain("| build | ok |").And.Contain("| why-benchmarks-lie | ok | 0:0").And.Contain(" | 0:07 | why-benchmarks-lie/ |");
        File.ReadAllText(Path.Combine(_out, "why-benchmarks-lie", "run.log")).Should().Contain("fake hook why-benchmarks-lie");
        File.Exists(Path.Combine(_out, "environment.md")).Should().BeTrue();
    }

    [Fact]
    public void After_the_first_rounds_the_planner_runs_the_steps_it_names_until_it_says_stop()
    {
        WithReport();

        var result = RunAll();

        result.ExitCode.Should().Be(0, result.ToString());
        File.ReadAllLines(Path.Combine(_repo.Path, "calls")).Should().Contain($"why-benchmarks-lie more quick {Path.Combine(_out, "why-benchmarks-lie")} bdn  4 2 Bench.A(N=1) Bench.B");
        result.Stderr.Should().Contain("==> planner (").And.Contain("2 claim(s) undecided; next: why-benchmarks-lie's lazy")
            .And.Contain("every claim that rounds can decide is decided");
        string timings = File.ReadAllText(Path.Combine(_out, "timings.md"));
        timings.Should().Contain("| planner: why-benchmarks-lie, 2 round(s) of 2 case(s) | ok |").And.Contain("Measured iterations");
        File.ReadAllText(Path.Combine(_out, "rounds.md")).Should().Contain("the planner added rounds where a claim was undecided, within the 10:00 budget");
        File.ReadAllText(Path.Combine(_out, "probe.csv")).Should().Contain("planner-why-benchmarks-lie");
    }

    [Fact]
    public void The_budget_is_the_runs_and_the_list_shows_the_planners_share()
    {
        WithReport();
        var list = Bash.Code($"cd '{_repo.Path}' && scripts/run-all.sh --list --budget 20m", Environment());
        list.ExitCode.Should().Be(0, list.ToString());
        list.Stdout.Should().Contain("| planner: more rounds where a claim is undecided | up to 18:42 |").And.Contain("| **total (the budget)** | **20:00** |");

        Bash.Code($"cd '{_repo.Path}' && scripts/run-all.sh --budget soon", Environment())
            .ShouldBeUsageError("--budget must be a duration such as 600, 90s, 10m, 1h, 9:30 or 1:00:00 (got 'soon')");
        Bash.Code($"cd '{_repo.Path}' && scripts/run-all.sh --budget 0", Environment()).ShouldBeUsageError("--budget must be longer than 0 (got '0')");
        Bash.Code($"cd '{_repo.Path}' && scripts/run-all.sh --profile smoke --budget 5m", Environment())
            .ShouldBeUsageError("--budget applies to the quick and full profiles");
        Bash.Code($"cd '{_repo.Path}' && scripts/run-all.sh --rounds 5", Environment()).ShouldBeUsageError("unknown argument '--rounds'");
    }

    // The report project and a fake LabReport build: the probe, a planner that names one step and then says stop, the
    // efficiency line.
    private void WithReport()
    {
        Directory.CreateDirectory(Path.Combine(_repo.Path, "shared", "LabReport"));
        File.WriteAllText(Path.Combine(_repo.Path, "shared", "LabReport", "LabReport.csproj"), "<Project />\n");
        string bin = Path.Combine(_repo.Path, "shared", "LabReport", "bin", "Release", "net10.0");
        Directory.CreateDirectory(bin);
        Bash.WriteExecutable(Path.Combine(bin, "LabReport"), """
            #!/usr/bin/env bash
            case "$1" in
              probe) while [ $# -gt 0 ]; do if [ "$1" = --label ]; then label=$2; fi; if [ "$1" = --append ]; then file=$2; fi; shift; done
                     echo "$label" >> "$file" ;;
              plan) run=$2
                    while [ $# -gt 0 ]; do if [ "$1" = --step-file ]; then file=$2; fi; shift; done
                    if [ -f "$run/.planned" ]; then echo "every claim that rounds can decide is decided (2 judged)"; exit 3; fi
                    : > "$run/.planned"
                    printf 'why-benchmarks-lie\tbdn\t\t4\t2\t30\nBench.A(N=1)\nBench.B\n' > "$file"
                    echo "2 claim(s) undecided; next: why-benchmarks-lie's lazy, 2 rounds of 2 cases, about 0:30" ;;
              efficiency) echo "Measured iterations (BenchmarkDotNet's Workload/Actual): 0:01 of the run's 0:10 (10%)." ;;
            esac
            """);
    }

    [Fact]
    public void A_failing_post_is_reported_in_the_summary_the_others_still_run_and_the_run_fails()
    {
        var result = RunAll(("FAKE_RC_why-benchmarks-lie".Replace("-", "_", StringComparison.Ordinal), "3"));

        result.ExitCode.Should().Be(1, result.ToString());
        result.Stderr.Should().Contain("failed: why-benchmarks-lie");
        File.ReadAllText(Path.Combine(_out, "timings.md")).Should().Contain("| why-benchmarks-lie | FAILED (exit 3) |")
            .And.Contain("| zz-new-post | ok |");
    }

    [Fact]
    public void A_failing_build_stops_before_any_post()
    {
        var result = RunAll(("FAKE_BUILD_RC", "1"));

        result.ExitCode.Should().Be(1, result.ToString());
        result.Stderr.Should().Contain("the build failed");
        File.Exists(Path.Combine(_repo.Path, "calls")).Should().BeFalse();
        File.ReadAllText(Path.Combine(_out, "timings.md")).Should().Contain("| build | FAILED |");
    }

    [Fact]
    public void With_the_report_project_the_run_ends_with_the_reports_path()
    {
        WithReport();

        var result = RunAll();

        result.ExitCode.Should().Be(0, result.ToString());
        result.Stdout.Should().Contain("| report | 0:10 |").And.Contain("Report: " + Path.Combine(_out, "report.md"))
            .And.Contain("Report page (open in a browser): " + Path.Combine(_out, "report.html"));
        File.ReadAllText(Path.Combine(_out, "timings.md")).Should().Contain("| report | ok |");
    }

    [Fact]
    public void An_interrupt_stops_the_run_with_a_summary_of_what_ran_and_exit_130()
    {
        // The hook would sleep far longer than the wait below, so only a real interrupt ends the run in time;
        // the wait is generous because a loaded 2-core machine starts processes slowly.
        var environment = Environment(("FAKE_SLEEP_why_benchmarks_lie", "180"));
        // A session of its own, so the interrupt reaches run-all and its hook together, as Ctrl-C does.
        using var runAll = Bash.StartCode($"cd '{_repo.Path}' && exec setsid scripts/run-all.sh --out '{_out}'", environment);
        WaitFor(() => File.Exists(Path.Combine(_out, "why-benchmarks-lie", "started")));

        using (var kill = Process.Start("kill", ["-INT", "--", "-" + runAll.Pid.ToString(CultureInfo.InvariantCulture)]))
        {
            kill.WaitForExit();
        }

        var result = runAll.Result(TimeSpan.FromSeconds(60));
        result.ExitCode.Should().Be(130, result.ToString());
        string timings = File.ReadAllText(Path.Combine(_out, "timings.md"));
        timings.Should().Contain("| engine | ok |").And.Contain("| why-benchmarks-lie | interrupted |")
            .And.Contain("| zz-new-post | not run (interrupted) |");
    }

    private ScriptResult RunAll(params (string Name, string Value)[] settings)
    {
        using var run = Bash.StartCode($"cd '{_repo.Path}' && scripts/run-all.sh --out '{_out}'", Environment(settings));
        return run.Result(TimeSpan.FromSeconds(60));
    }

    private Dictionary<string, string> Environment(params (string Name, string Value)[] settings)
    {
        var environment = new Dictionary<string, string>
        {
            ["PATH"] = _bin + ":" + (System.Environment.GetEnvironmentVariable("PATH") ?? ""),
            ["FAKE_CALLS"] = Path.Combine(_repo.Path, "calls"),
        };
        foreach (var (name, value) in settings)
        {
            environment[name] = value;
        }

        return environment;
    }

    // A hook that answers --estimate and otherwise records its call, writes a table and waits or fails on request.
    // It ends on an interrupt wherever the interrupt lands: without the trap, bash takes an interrupt that arrives
    // while a child (touch, sleep) exits normally as handled by that child and goes on, which left the hook sleeping
    // through the interrupt test in CI. The marker is written by bash itself, after the trap is set.
    private void Post(string relativeDir)
    {
        string dir = Path.Combine(_repo.Path, relativeDir);
        Directory.CreateDirectory(dir);
        string name = relativeDir.StartsWith("shared/", StringComparison.Ordinal) ? "engine" : Path.GetFileName(relativeDir);
        string variable = name.Replace("-", "_", StringComparison.Ordinal);
        Bash.WriteExecutable(Path.Combine(dir, "lab-run.sh"), $$"""
            #!/usr/bin/env bash
            if [ "$1" = --estimate ]; then echo 7; exit 0; fi
            if [ "$1" = --more ]; then shift; echo "{{name}} more $*" >> "$FAKE_CALLS"; exit 0; fi
            echo "{{name}} $1 $2" >> "$FAKE_CALLS"
            echo "fake hook {{name}}"
            trap 'exit 130' INT TERM
            mkdir -p "$2" && echo "| table |" > "$2/table.md"
            : > "$2/started"
            end=$((SECONDS + ${FAKE_SLEEP_{{variable}}:-0}))
            while [ "$SECONDS" -lt "$end" ]; do sleep 0.2; done
            exit "${FAKE_RC_{{variable}}:-0}"
            """);
    }

    private static void WaitFor(Func<bool> condition)
    {
        var deadline = DateTime.UtcNow.AddSeconds(60);
        while (!condition())
        {
            if (DateTime.UtcNow > deadline)
            {
                throw new TimeoutException("run-all did not reach the post in time");
            }

            Thread.Sleep(50);
        }
    }

    private static void CopyDirectory(string from, string to)
    {
        Directory.CreateDirectory(to);
        foreach (string file in Directory.GetFiles(from))
        {
            string target = Path.Combine(to, Path.GetFileName(file));
            File.Copy(file, target);
            if (!OperatingSystem.IsWindows())
            {
                File.SetUnixFileMode(target, File.GetUnixFileMode(file));
            }
        }

        foreach (string sub in Directory.GetDirectories(from))
        {
            CopyDirectory(sub, Path.Combine(to, Path.GetFileName(sub)));
        }
    }
}
