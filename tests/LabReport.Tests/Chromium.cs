using System.Diagnostics;

namespace LabReport.Tests;

/// <summary>
/// Debian's headless Chromium, started once per call with a new empty profile (removed afterwards) and the flags that
/// work on this lab's machines: no sandbox (root), no GPU, and none of the background network traffic a closed
/// network refuses.
/// </summary>
public static class Chromium
{
    /// <summary>The browser on PATH (Debian's package installs /usr/bin/chromium), or null.</summary>
    public static string? Path { get; } = Find();

    // A run that takes longer than this is hung, not slow: it is killed and the test fails.
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(90);

    /// <summary>Runs chromium with <paramref name="args"/> after the fixed flags; returns its standard output and error.</summary>
    public static (string Output, string Error) Run(params string[] args)
    {
        string browser = Path ?? throw new InvalidOperationException("chromium is not installed (Debian: apt-get install chromium; .ci/run installs it)");
        string profile = Directory.CreateTempSubdirectory("labreport-chromium-").FullName;
        try
        {
            var start = new ProcessStartInfo(browser)
            {
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                UseShellExecute = false,
            };
            foreach (string flag in new[]
                     {
                         "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                         "--disable-component-update", "--disable-sync", "--hide-scrollbars", "--force-device-scale-factor=1", $"--user-data-dir={profile}",
                     }.Concat(args))
            {
                start.ArgumentList.Add(flag);
            }

            using var process = Process.Start(start)!;
            var output = process.StandardOutput.ReadToEndAsync();
            var error = process.StandardError.ReadToEndAsync();
            if (!process.WaitForExit(Timeout))
            {
                process.Kill(entireProcessTree: true);
                throw new TimeoutException($"chromium did not finish within {Timeout.TotalSeconds:0} s: {string.Join(' ', args)}");
            }

            return (output.Result, error.Result);
        }
        finally
        {
            Directory.Delete(profile, recursive: true);
        }
    }

    private static string? Find() =>
        (Environment.GetEnvironmentVariable("PATH") ?? "").Split(System.IO.Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
            .Select(dir => System.IO.Path.Combine(dir, "chromium"))
            .FirstOrDefault(File.Exists);
}

/// <summary>
/// A test that needs Chromium. Reported as skipped, with the reason, only on a developer's machine without it: under CI
/// (CI=true) it runs and fails, so a CI machine that lost the browser cannot pass by skipping.
/// </summary>
public sealed class ChromiumFactAttribute : FactAttribute
{
    public ChromiumFactAttribute()
    {
        if (Chromium.Path is null && !string.Equals(Environment.GetEnvironmentVariable("CI"), "true", StringComparison.OrdinalIgnoreCase))
        {
            Skip = "chromium is not installed (Debian: apt-get install chromium, as .ci/run does); under CI=true this test fails instead";
        }
    }
}

/// <summary>A theory that needs Chromium: skipped, like <see cref="ChromiumFactAttribute"/>, only off CI without it.</summary>
public sealed class ChromiumTheoryAttribute : TheoryAttribute
{
    public ChromiumTheoryAttribute()
    {
        if (Chromium.Path is null && !string.Equals(Environment.GetEnvironmentVariable("CI"), "true", StringComparison.OrdinalIgnoreCase))
        {
            Skip = "chromium is not installed (Debian: apt-get install chromium, as .ci/run does); under CI=true this test fails instead";
        }
    }
}
