import { type LucideIcon, RotateCcwIcon, ScrollTextIcon, ShieldCheckIcon } from "lucide-react";
import type { LegalSectionId } from "~/routes/legal/legal-texts";

export const LEGAL_ICONS: Record<LegalSectionId, LucideIcon> = {
  returns: RotateCcwIcon,
  privacy: ShieldCheckIcon,
  terms: ScrollTextIcon,
};
