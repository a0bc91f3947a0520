using System.Diagnostics;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Engines;
using BenchmarkDotNet.Running;
using LinuxPerf.Diagnosers;

namespace LinuxPerf.Tests;

/// <summary>The host side of the diagnoser on a real child process, driven by the signals BenchmarkDotNet sends.</summary>
public class LinuxPerfDiagnoserTests
{
    [LinuxFact]
    public void Counters_opened_at_BeforeActualRun_and_read_at_AfterActualRun_count_the_child_process()
    {
        var diagnoser = new LinuxPerfDiagnoser();
        var benchmarkCase = OneCase();
        using var child = BusyChild();
        try
        {
            var parameters = new DiagnoserActionParameters(child, benchmarkCase, new BenchmarkId(1, benchmarkCase));

            diagnoser.Handle(HostSignal.BeforeActualRun, parameters);
            Thread.Sleep(200); // the child burns CPU meanwhile
            diagnoser.Handle(HostSignal.AfterActualRun, parameters);

            var run = diagnoser.GetRun(benchmarkCase)!;
            run.Should().NotBeNull();
            run.Failure.Should().BeNull();
            run.Target.Should().Contain($"process {child.Id}");
            run.Snapshot!["task-clock"]!.Value.Should().BeGreaterThan(0);
            run.Describe().Should().BeOneOf("<not supported> (no PMU)", "counted")
                .And.Subject.Should().NotBeNull();
        }
        finally
        {
            child.Kill();
            child.WaitForExit();
        }
    }

    [LinuxFact]
    public void Linux_runs_it_without_an_extra_benchmark_run_and_signals_for_another_case_are_ignored()
    {
        var diagnoser = new LinuxPerfDiagnoser();
        var benchmarkCase = OneCase();

        diagnoser.GetRunMode(benchmarkCase).Should().Be(RunMode.NoOverhead);
        diagnoser.Ids.Should().Equal(LinuxPerfDiagnoser.DiagnoserId);

        using var process = Process.GetCurrentProcess();
        diagnoser.Handle(HostSignal.AfterActualRun, new DiagnoserActionParameters(process, benchmarkCase, new BenchmarkId(1, benchmarkCase)));
        diagnoser.GetRun(benchmarkCase).Should().BeNull("nothing was started for it");
    }

    [Fact]
    public void The_attribute_adds_the_diagnoser_and_the_status_column()
    {
        var config = new LinuxHardwareCountersAttribute().Config;

        config.GetDiagnosers().Should().ContainSingle(d => d is LinuxPerfDiagnoser);
        config.GetColumnProviders().SelectMany(p => p.GetColumns(null!)).Should().Contain(HardwareCounterStatusColumn.Instance);
    }

    private static BenchmarkCase OneCase() =>
        BenchmarkConverter.TypeToBenchmarks(typeof(TinyBenchmark), ManualConfig.CreateEmpty()).BenchmarksCases.Single();

    // A shell that burns CPU for at most 10 s (bounded even if the test host dies), killed as soon as the test is done.
    private static Process BusyChild()
    {
        var start = new ProcessStartInfo("sh", ["-c", "end=$(($(date +%s) + 10)); while [ \"$(date +%s)\" -lt \"$end\" ]; do :; done"])
        {
            UseShellExecute = false,
        };
        return Process.Start(start) ?? throw new InvalidOperationException("could not start the child");
    }

    public class TinyBenchmark
    {
        [Benchmark]
        public int Nothing() => 0;
    }
}
