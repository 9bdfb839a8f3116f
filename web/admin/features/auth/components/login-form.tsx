// The spec's login card: Email and Password (both required), "Sign In" that reads "Signing in..."
// while the request runs; success stores the token and opens the dashboard.
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { toast } from "@/web/shared/toast.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { InputField } from "@/web/shared/ui/field.tsx";
import { BotIcon } from "@/web/shared/ui/icons.tsx";
import { setToken } from "@/web/admin/lib/auth-token.ts";
import { clearQueries } from "@/web/shared/query.ts";
import { paths } from "@/web/admin/paths.ts";
import { login } from "@/web/admin/features/auth/api/login.ts";

export function LoginForm({ productName }: { productName: string }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    try {
      const { token } = await login({ email: email.trim(), password });
      setToken(token);
      clearQueries();
      toast({ title: "Login successful", description: "Welcome to the admin panel", variant: "success" });
      navigate(paths.dashboard, { replace: true });
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : "Invalid credentials";
      toast({ title: "Login failed", description: message, variant: "destructive" });
      setSubmitting(false);
    }
  };

  return (
    <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8">
      <div className="mb-6 flex flex-col items-center text-center">
        <div className="mb-3 flex h-12 w-12 items-center justify-center rounded-xl bg-accent text-accent-fg shadow">
          <BotIcon className="h-6 w-6" />
        </div>
        <h1 className="text-xl font-bold text-slate-900">{productName} Admin</h1>
        <p className="mt-1 text-sm text-slate-500">Sign in to manage your Telegram bot</p>
      </div>
      <form onSubmit={onSubmit} className="space-y-4">
        <InputField label="Email" type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder="admin@example.com" />
        <InputField label="Password" type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Signing in..." : "Sign In"}
        </Button>
      </form>
    </div>
  );
}
