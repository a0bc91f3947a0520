using System.Text.Json;
using System.Text.Json.Nodes;
using LabReport.Sections;

namespace LabReport;

/// <summary>
/// verdicts.json, written next to report.md: every claim's verdict as data (post, claim id, kind, verdict, the
/// threshold a borderline verdict turned on, the drift flag, the number judged and its interval), for tools that
/// compare runs without parsing markdown.
/// </summary>
public static class VerdictsFile
{
    /// <summary>The file's name.</summary>
    public const string FileName = "verdicts.json";

    /// <summary>Writes the verdicts of <paramref name="posts"/>.</summary>
    public static void Write(string path, RunFolder run, IReadOnlyList<PostReport> posts)
    {
        ArgumentNullException.ThrowIfNull(run);
        ArgumentNullException.ThrowIfNull(posts);
        var claims = new JsonArray();
        foreach (var post in posts)
        {
            foreach (var row in post.Rows)
            {
                var entry = new JsonObject
                {
                    ["post"] = post.Post,
                    ["id"] = row.Id,
                    ["kind"] = row.Kind,
                    ["verdict"] = row.Verdict.Name(),
                    ["threshold"] = row.Threshold,
                    ["drifted"] = row.Drifted,
                    ["toDecide"] = row.ToDecide,
                };
                if (row.Estimate is { } e && double.IsFinite(e.Value))
                {
                    entry["value"] = e.Value;
                    entry["lower"] = e.HasInterval && double.IsFinite(e.Lower) ? e.Lower : null;
                    entry["upper"] = e.HasInterval && double.IsFinite(e.Upper) ? e.Upper : null;
                    entry["level"] = e.HasInterval ? e.Level : null;
                    entry["rounds"] = e.Rounds;
                }

                claims.Add(entry);
            }
        }

        var root = new JsonObject
        {
            ["run"] = run.Name,
            ["fingerprint"] = run.Environment.Fingerprint,
            ["claims"] = claims,
        };
        File.WriteAllText(path, root.ToJsonString(new JsonSerializerOptions { WriteIndented = true }) + "\n");
    }
}
