import {
  Building2Icon,
  type LucideIcon,
  RotateCcwIcon,
  ScrollTextIcon,
  ShieldCheckIcon,
  Undo2Icon,
} from "lucide-react";
import type { LegalSectionId } from "~/routes/legal/legal-titles";

export const LEGAL_ICONS: Record<LegalSectionId, LucideIcon> = {
  returns: RotateCcwIcon,
  withdrawal: Undo2Icon,
  privacy: ShieldCheckIcon,
  terms: ScrollTextIcon,
  notice: Building2Icon,
};
