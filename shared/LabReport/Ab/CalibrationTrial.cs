namespace LabReport.Ab;

/// <summary>One cell of the calibration: a method and a known change (0 for A/A).</summary>
/// <param name="Method">How the sides shared the machine.</param>
/// <param name="ChangePercent">How much more work B did than A, in percent (0: A/A).</param>
public sealed record CalibrationCell(AbMethod Method, int ChangePercent)
{
    /// <summary>"interleaved-5pct".</summary>
    public override string ToString() => $"{Method.ToString().ToLowerInvariant()}-{ChangePercent}pct";
}

/// <summary>One benchmark in one trial of a cell: what ab said.</summary>
public sealed record CalibrationRow(CalibrationCell Cell, int Trial, BenchmarkVerdict Verdict, TimeSpan Wall);
