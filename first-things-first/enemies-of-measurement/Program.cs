using EnemiesOfMeasurement;
using MeasurementLab.Caches;
using MeasurementLab;

// Post 2, "Enemies of Measurement": six benchmark classes (E1_..E6_), one enemy each, defences down; the modes
// "defended" (the same six under EnemyDefenseConfig) and "cache-info" (where E4's sizes land) and
// "caches" (every cache source side by side, the latency sweep). See README.md.
return LabEntryPoint.Run(args, Program.Definition);

/// <summary>The post's program, also what the tests run.</summary>
public partial class Program
{
    internal static LabProgram Definition { get; } = new(typeof(Program).Assembly, [DefendedCommand.Command, CacheInfoCommand.Command, CachesCommand.Command])
    {
        Banner = CacheInfoCommand.BannerIfE4Runs,
    };
}
