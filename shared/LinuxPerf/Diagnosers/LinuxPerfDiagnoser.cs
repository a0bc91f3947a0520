using System.Collections.Concurrent;
using BenchmarkDotNet.Analysers;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Engines;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Validators;

namespace LinuxPerf.Diagnosers;

/// <summary>
/// Per-benchmark hardware and software counters on Linux, which BenchmarkDotNet only offers on Windows (ETW).
/// The host opens <c>perf_event_open</c> counters on every thread of the benchmark process when the process
/// signals <see cref="HostSignal.BeforeActualRun"/> and reads them at <see cref="HostSignal.AfterActualRun"/>.
/// The benchmark process waits for the host's acknowledgement of each signal, so the counts cover exactly the
/// measured (actual) workload iterations: no jitting, pilot, warm-up, other cases or BenchmarkDotNet start-up.
/// </summary>
public sealed class LinuxPerfDiagnoser : IDiagnoser
{
    /// <summary>The id BenchmarkDotNet knows this diagnoser by.</summary>
    public const string DiagnoserId = "LinuxHardwareCounters";

    private readonly IReadOnlyList<PerfEventGroup> _groups;
    private readonly ConcurrentDictionary<BenchmarkCase, CounterRun> _runs = new();
    private readonly Lock _gate = new();
    private PerfCounterSession? _active;
    private BenchmarkCase? _activeCase;

    /// <summary>The post's events: the PMU set of its perf stat command plus the software events.</summary>
    public LinuxPerfDiagnoser()
        : this(PerfEvents.Default)
    {
    }

    /// <summary>Custom event groups.</summary>
    public LinuxPerfDiagnoser(IReadOnlyList<PerfEventGroup> groups)
    {
        ArgumentNullException.ThrowIfNull(groups);
        _groups = groups;
    }

    /// <inheritdoc />
    public IEnumerable<string> Ids => [DiagnoserId];

    /// <inheritdoc />
    public IEnumerable<IExporter> Exporters => [];

    /// <inheritdoc />
    public IEnumerable<IAnalyser> Analysers => [new LinuxPerfAnalyser(this)];

    /// <summary>What was collected for a case, if anything (the status column reads it).</summary>
    public CounterRun? GetRun(BenchmarkCase benchmarkCase) =>
        benchmarkCase is not null && _runs.TryGetValue(benchmarkCase, out var run) ? run : null;

    /// <summary>Every case collected so far.</summary>
    public IReadOnlyDictionary<BenchmarkCase, CounterRun> Runs => _runs;

    /// <inheritdoc />
    public RunMode GetRunMode(BenchmarkCase benchmarkCase) => OperatingSystem.IsLinux() ? RunMode.NoOverhead : RunMode.None;

    /// <inheritdoc />
    public void Handle(HostSignal signal, DiagnoserActionParameters parameters)
    {
        ArgumentNullException.ThrowIfNull(parameters);
        switch (signal)
        {
            case HostSignal.BeforeActualRun:
                Start(parameters);
                break;
            case HostSignal.AfterActualRun:
                Stop(parameters.BenchmarkCase);
                break;
            case HostSignal.AfterAll or HostSignal.AfterProcessExit:
                Abandon(); // the process died between the two signals: close what is open
                break;
        }
    }

    /// <inheritdoc />
    public IEnumerable<Metric> ProcessResults(DiagnoserResults results)
    {
        ArgumentNullException.ThrowIfNull(results);
        var run = GetRun(results.BenchmarkCase);
        if (run is null)
        {
            return [];
        }

        return run.ToMetrics(MeasuredOperations(results));
    }

    /// <summary>
    /// Operations of the actual workload iterations: the ones the counters saw. DiagnoserResults.TotalOperations
    /// also sums jitting, pilot and warm-up iterations, which the counters deliberately leave out.
    /// </summary>
    public static long MeasuredOperations(DiagnoserResults results)
    {
        ArgumentNullException.ThrowIfNull(results);
        long actual = results.Measurements
            .Where(m => m.IterationMode == IterationMode.Workload && m.IterationStage == IterationStage.Actual)
            .Sum(m => m.Operations);
        return actual > 0 ? actual : results.TotalOperations;
    }

    /// <inheritdoc />
    public void DisplayResults(ILogger logger)
    {
        ArgumentNullException.ThrowIfNull(logger);
        if (!OperatingSystem.IsLinux())
        {
            logger.WriteLineInfo("LinuxHardwareCounters: not Linux, nothing collected (on Windows use BenchmarkDotNet's [HardwareCounters]).");
            return;
        }

        var first = _runs.Values.FirstOrDefault(r => r.Snapshot is not null) ?? _runs.Values.FirstOrDefault();
        if (first is null)
        {
            return;
        }

        logger.WriteLineHeader("// * Linux hardware counters (perf_event_open, measured iterations only) *");
        logger.WriteLineInfo($"Monitored: {first.Target}{(first.UserSpaceOnly ? "; user space only (perf_event_paranoid)" : "")}.");
        if (first.Snapshot is null)
        {
            logger.WriteLineError("Counters could not be opened: " + first.Failure);
            return;
        }

        foreach (var reading in first.Snapshot.Readings.Where(r => !r.IsCounted))
        {
            logger.WriteLineInfo($"  {reading.Event.Name}: {reading.Reason}");
        }

        var counted = first.Snapshot.Readings.Where(r => r.IsCounted).Select(r => r.Event.Name).ToList();
        logger.WriteLineInfo(counted.Count > 0 ? "  counted: " + string.Join(", ", counted) : "  nothing could be counted.");
        if (!first.Snapshot.HasHardwareCounts)
        {
            logger.WriteLineInfo("  No PMU: IPC and miss-rate columns are left out; the software counters above are real.");
        }
    }

    /// <inheritdoc />
    public IEnumerable<ValidationError> Validate(ValidationParameters validationParameters) => [];

    private void Start(DiagnoserActionParameters parameters)
    {
        lock (_gate)
        {
            Abandon();
            try
            {
                int pid = parameters.Process.Id;
                _active = PerfCounterSession.OpenForProcess(pid, _groups);
                _activeCase = parameters.BenchmarkCase;
                _active.Reset();
                _active.Enable();
            }
            catch (SystemException e)
            {
                _runs[parameters.BenchmarkCase] = new CounterRun(null, "benchmark process", false, PerfErrors.ReadParanoidLevel(), e.Message);
                _active = null;
                _activeCase = null;
            }
        }
    }

    private void Stop(BenchmarkCase benchmarkCase)
    {
        lock (_gate)
        {
            if (_active is null || !ReferenceEquals(_activeCase, benchmarkCase))
            {
                return;
            }

            _active.Disable();
            var snapshot = _active.Read();
            _runs[benchmarkCase] = new CounterRun(snapshot, _active.Target, _active.UserSpaceOnly, _active.ParanoidLevel, null);
            _active.Dispose();
            _active = null;
            _activeCase = null;
        }
    }

    private void Abandon()
    {
        lock (_gate)
        {
            _active?.Dispose();
            _active = null;
            _activeCase = null;
        }
    }
}
