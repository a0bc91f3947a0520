using BenchmarkDotNet.Analysers;
using BenchmarkDotNet.Reports;

namespace LinuxPerf.Diagnosers;

/// <summary>Says in the summary's hints why IPC and miss-rate columns are missing, once per distinct reason.</summary>
internal sealed class LinuxPerfAnalyser(LinuxPerfDiagnoser diagnoser) : IAnalyser
{
    public string Id => "LinuxHardwareCountersAnalyser";

    public IEnumerable<Conclusion> Analyse(Summary summary)
    {
        ArgumentNullException.ThrowIfNull(summary);
        var seen = new HashSet<string>(StringComparer.Ordinal);
        foreach (var report in summary.Reports)
        {
            var run = diagnoser.GetRun(report.BenchmarkCase);
            if (run is null)
            {
                continue;
            }

            string? message = run switch
            {
                { Failure: { } failure } => "Linux counters could not be opened: " + failure,
                { Snapshot: { HasHardwareCounts: false } s } when s.Readings.FirstOrDefault(r => r.Event.NeedsPmu) is { } hw =>
                    $"Hardware counters unavailable ({hw.Reason}). IPC and miss-rate columns are omitted; " +
                    "task-clock, context switches, CPU migrations and page faults are still counted per operation.",
                { UserSpaceOnly: true } => "Counters count user space only (perf_event_paranoid >= 2 without CAP_PERFMON): kernel work is not included.",
                _ => null,
            };
            if (message is not null && seen.Add(message))
            {
                yield return Conclusion.CreateHint(Id, message, report, mergeable: true);
            }
        }
    }
}
