import toast from 'react-hot-toast';
import { errorText } from '../api/api-error.js';

export const NOTIFICATION_MS = 3000;

export const notifySuccess = (message: string) => toast.success(message, { duration: NOTIFICATION_MS });
export const notifyError = (error: unknown) => toast.error(errorText(error), { duration: NOTIFICATION_MS });
