using LabReport.RunFiles;
using LabReport.Sections;

namespace LabReport.Claims;

/// <summary>Flags the rows of every post during which the drift probe moved past its threshold.</summary>
public static class DriftFlags
{
    /// <summary>The sections with their rows flagged; unchanged without a probe.</summary>
    public static IReadOnlyList<PostReport> Apply(IReadOnlyList<PostReport> posts, ProbeFile? probe)
    {
        ArgumentNullException.ThrowIfNull(posts);
        return probe is null
            ? posts
            : [.. posts.Select(p => probe.Drifted(p.Post) ? p with { Rows = [.. p.Rows.Select(r => r with { Drifted = true })] } : p)];
    }
}

/// <summary>A run's drift probe, or why it cannot be used.</summary>
public static class RunProbe
{
    /// <summary>The probe (null when the run has none or it is unusable) and the problem line of an unusable one.</summary>
    public static (ProbeFile? Probe, string? Problem) Read(RunFolder run)
    {
        ArgumentNullException.ThrowIfNull(run);
        try
        {
            return (ProbeFile.Load(run.Path), null);
        }
        catch (Exception e) when (e is InvalidDataException or IOException or UnauthorizedAccessException)
        {
            return (null, e.Message);
        }
    }
}
