namespace CoordinatedOmission;

/// <summary>The configuration of a run, as configuration.json holds it (camelCase).</summary>
internal sealed record RunConfiguration(
    string Command,
    string Clock,
    string ClockDescription,
    long TicksPerSecond,
    int RatePerSecond,
    int DurationSeconds,
    long RequestsPerClient,
    int PauseEvery,
    int PauseMilliseconds,
    double BaselineServiceTimeMilliseconds,
    IReadOnlyList<string> Clients,
    int? Workers,
    long? ExpectedIntervalTicks,
    int HistogramSignificantDigits,
    double HighestTrackableSeconds,
    CalibrationDescription? Calibration,
    IReadOnlyList<ClientDescription> Runs,
    MachineDescription Machine,
    DateTimeOffset StartedUtc);

internal sealed record CalibrationDescription(int SpinIterations, double MedianMilliseconds, double TargetMilliseconds, int Samples);

internal sealed record ClientDescription(string Name, long Requests, long Pauses, double ElapsedSeconds);

internal sealed record MachineDescription(int LogicalCpus, string Runtime, string Os, string Architecture, long StopwatchFrequency, bool StopwatchIsHighResolution);
