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

    /// <summary>
    /// The verdicts a run's report wrote, as the rows <c>stability</c> compares (no claim sentence: the file holds the
    /// verdict, its threshold, the drift flag and the number with its interval); information rows are left out as they are when judging.
    /// </summary>
    public static RunVerdicts Read(RunFolder run)
    {
        ArgumentNullException.ThrowIfNull(run);
        using var doc = JsonDocument.Parse(File.ReadAllText(Path.Combine(run.Path, FileName)));
        var rows = new Dictionary<string, ClaimRow>(StringComparer.Ordinal);
        foreach (var claim in doc.RootElement.GetProperty("claims").EnumerateArray())
        {
            string post = claim.GetProperty("post").GetString() ?? "";
            string id = claim.GetProperty("id").GetString() ?? "";
            string kind = claim.TryGetProperty("kind", out var k) ? k.GetString() ?? "" : "";
            if (kind == Claims.ClaimKinds.Info || Verdicts.Parse(claim.GetProperty("verdict").GetString() ?? "") is not { } verdict)
            {
                continue;
            }

            rows.TryAdd($"{post}/{id}", new ClaimRow(id, "", "", verdict, "")
            {
                Id = id,
                Kind = kind,
                Threshold = claim.TryGetProperty("threshold", out var t) && t.ValueKind == JsonValueKind.String ? t.GetString() : null,
                Drifted = claim.TryGetProperty("drifted", out var d) && d.ValueKind == JsonValueKind.True,
                Estimate = Number(claim, "value") is { } value
                    ? Number(claim, "lower") is { } lower && Number(claim, "upper") is { } upper
                        ? new RatioEstimate(value, lower, upper, true)
                        : new RatioEstimate(value, value, value, false)
                    : null,
            });
        }

        static double? Number(JsonElement claim, string name) =>
            claim.TryGetProperty(name, out var n) && n.ValueKind == JsonValueKind.Number ? n.GetDouble() : null;

        return new RunVerdicts(run.Name, run.Environment.Fingerprint, rows, Claims.RunProbe.Read(run).Probe, FromVerdictsFile: true);
    }
}
