namespace HardwareCounters.Standalone;

/// <summary>Which loop the standalone runner spins.</summary>
public enum AccessMode
{
    /// <summary>AccessPatterns.SumSequential.</summary>
    Sequential,

    /// <summary>AccessPatterns.SumRandom.</summary>
    Random,
}

/// <summary>Parsed arguments of perf-sequential / perf-random.</summary>
/// <param name="Seconds">Time budget of the measured loop (ignored when <paramref name="Passes"/> is set).</param>
/// <param name="Passes">Exact number of passes, or null for the time budget.</param>
/// <param name="ControlFifo">perf's control FIFO, when perf stat runs with --control.</param>
/// <param name="AckFifo">perf's acknowledgement FIFO.</param>
public sealed record StandaloneOptions(AccessMode Mode, int N, double Seconds, long? Passes, string? ControlFifo, string? AckFifo);
