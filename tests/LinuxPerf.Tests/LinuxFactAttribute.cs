namespace LinuxPerf.Tests;

/// <summary>A fact that needs Linux (perf_event_open, /proc); reported as skipped elsewhere.</summary>
public sealed class LinuxFactAttribute : FactAttribute
{
    public LinuxFactAttribute()
    {
        if (!OperatingSystem.IsLinux())
        {
            Skip = "perf_event_open is Linux only";
        }
    }
}
