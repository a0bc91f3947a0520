using System.Globalization;
using System.Runtime;
using System.Runtime.InteropServices;

namespace HandRolledHarness;

/// <summary>
/// Section 8: the platform, printed before every run as '#' lines (comments to gnuplot). Printing first also
/// loads the console and formatting code before anything is timed.
/// </summary>
public static class SystemInfo
{
    public const string CpuInfoPath = "/proc/cpuinfo";

    public static IReadOnlyList<string> Lines(DateTimeOffset now, string? cpuInfoText) =>
    [
        $"# OS:      {RuntimeInformation.OSDescription}; kernel {Environment.OSVersion.Version}; {RuntimeInformation.OSArchitecture}",
        $"# Runtime: {RuntimeInformation.FrameworkDescription}; {RuntimeInformation.ProcessArchitecture}; " +
            $"{(GCSettings.IsServerGC ? "server" : "workstation")} GC; tiered compilation {TieredCompilation}",
        $"# CPU:     {CpuModel(cpuInfoText) ?? "unknown model"}; {Environment.ProcessorCount} \"procs\"",
        $"# Date:    {now.ToString("yyyy-MM-dd'T'HH:mm:sszzz", CultureInfo.InvariantCulture)}",
    ];

    /// <summary>The lines for this machine now.</summary>
    public static IReadOnlyList<string> Current() =>
        Lines(DateTimeOffset.Now, File.Exists(CpuInfoPath) ? File.ReadAllText(CpuInfoPath) : null);

    /// <summary>
    /// The first processor's model name from /proc/cpuinfo, with family, model and stepping: a virtual machine
    /// may call every EPYC just "AMD EPYC", and the numbers tell two of them apart.
    /// </summary>
    public static string? CpuModel(string? cpuInfoText)
    {
        if (cpuInfoText is null)
        {
            return null;
        }

        var fields = new Dictionary<string, string>();
        foreach (string line in cpuInfoText.Split('\n'))
        {
            string[] parts = line.Split(':', 2);
            if (parts.Length == 2)
            {
                fields.TryAdd(parts[0].Trim(), parts[1].Trim());
            }
        }

        if (!fields.TryGetValue("model name", out string? name))
        {
            return null;
        }

        return fields.TryGetValue("cpu family", out string? family) && fields.TryGetValue("model", out string? model)
            && fields.TryGetValue("stepping", out string? stepping)
            ? $"{name} (family {family}, model {model}, stepping {stepping})"
            : name;
    }

    // Tiering decides how much of a short mark runs unoptimised; DOTNET_TieredCompilation=0 turns it off.
    private static string TieredCompilation =>
        Environment.GetEnvironmentVariable("DOTNET_TieredCompilation") is "0" ? "off" : "on";
}
