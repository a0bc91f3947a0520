using MeasurementLab;

// Known changes for `dotnet-ab` (tools/Ab): every benchmark's work is multiplied by FTF_CALIBRATION_SCALE, so a B side
// with FTF_CALIBRATION_SCALE=1.05 does exactly 5% more work than A. dotnet run -c Release -- --filter '*'
return LabEntryPoint.Run(args, Program.Definition);

/// <summary>The program: BenchmarkDotNet's runner for <see cref="Calibration.KnownWork"/>, and its modes (none yet).</summary>
public partial class Program
{
    internal static LabProgram Definition { get; } = new(typeof(Program).Assembly, []);
}
